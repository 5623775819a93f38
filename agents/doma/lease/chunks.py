"""Section-aware chunking of lease pages: every chunk knows its page(s), its heading and its sub-clause.

Works from the page texts alone (no layout), so it handles what text extraction gives: repeated page
headers and footers, paragraphs wrapped over lines and pages, headings split over a page break
("ARTICLE SEVEN:" at the foot of one page, "MAINTENANCE AND REPAIRS" at the top of the next), numbered
sub-clauses ("7.2 Repairs. ...", "(b) ...") and inline headings ("5. Security Deposit. Tenant shall ...").
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from dataclasses import dataclass, field

_NUMWORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    "seventeen|eighteen|nineteen|twenty|thirty|forty|fifty"
)
_NUMBER = rf"(?:\d{{1,3}}[a-z]?|[ivxlc]{{1,7}}|(?:{_NUMWORDS})(?:[- ](?:{_NUMWORDS}))?)"
_KEYWORD_HEADING = re.compile(
    rf"^(?P<kw>article|section|part|clause|schedule|exhibit|addendum|rider)\s+(?P<num>{_NUMBER})\b\.?"
    r"\s*(?P<sep>[:.\-–—]\s*)?(?P<title>.*)$",
    re.IGNORECASE,
)
_NUM_CAPS_HEADING = re.compile(r"^(?P<num>\d{1,2})\.?\s+(?P<title>[A-Z][A-Z0-9 ,&'’/\-–()]{1,96}?)\.?$")
# "3.0 The Tenant's Obligations": a decimal-numbered lease's top level (its clauses are 3.1, 3.2, ...).
_POINT_ZERO_HEADING = re.compile(r"^(?P<num>\d{1,2})\.0\s+(?P<title>[A-Z][^.:;]{1,58}?)\.?$")
_NUM_TITLE_HEADING = re.compile(r"^(?P<num>\d{1,2})\.\s+(?P<title>[A-Z][^.:;]{1,50}?)(?:[.:]\s+(?P<rest>\S.*))?\.?$")
_CLAUSE = re.compile(
    r"^(?:(?P<dotted>(?:\d{1,2}|[A-Z])(?:\.\d{1,2})+[a-z]?)\.?|\((?P<paren>[a-z]{1,2}|[ivx]{1,5}|\d{1,2})\)|"
    r"(?P<letter>[a-z])\)|(?P<num>\d{1,2})[.)])\s+(?P<rest>\S.*)$"
)
_CLAUSE_TITLE = re.compile(r"^(?P<title>[A-Z][\w'’\-/&, ]{1,45}?)[.:]\s+(?=\S)")
_PAGE_NUMBER = re.compile(r"^(?:page\s*)?-?\s*\d{1,3}\s*-?(?:\s*(?:of|/)\s*\d{1,3})?$", re.IGNORECASE)
_INLINE_ENUM = re.compile(r"(?:(?<=[.;:])|(?<=[;,] or)|(?<=[;,] and))\s+(?=\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s)")
_SENTENCE_END = re.compile(r"[.!?][\"”’)\]]*\s+(?=[\"“(\[]?[A-Z0-9$])")
_ABBREVIATIONS = frozenset(
    (
        "no",
        "nos",
        "sec",
        "secs",
        "art",
        "para",
        "inc",
        "llc",
        "lp",
        "ltd",
        "corp",
        "co",
        "st",
        "ave",
        "rd",
        "blvd",
        "ste",
        "apt",
        "mr",
        "mrs",
        "ms",
        "dr",
        "jr",
        "sr",
        "vs",
        "etc",
        "e.g",
        "i.e",
        "u.s",
        "a.m",
        "p.m",
        "approx",
        "dept",
        "fig",
        "ex",
    )
)
_SMALL_WORDS = frozenset(
    ("and", "or", "of", "the", "to", "for", "in", "on", "by", "with", "a", "an", "upon", "at", "from", "as", "per")
)
_TERMINAL = (".", ":", ";", "!", "?", ")", '"', "”")

MAX_CHUNK_CHARS = 900  # longer blocks are split into sentence windows of about WINDOW_CHARS
WINDOW_CHARS = 600
ENUM_SPLIT_CHARS = 350  # a block this long with inline "(a) ... (b) ..." items is split per item
# A "Summary of Basic Lease Information" flattened by text extraction: "7. Security Deposit (Article 21):
# $41,366.39. 8. Parking Pass Ratio (Article 28): 3.3 ..." runs on as one paragraph. Items are a number, a short
# Title Case name, an optional reference to where the lease deals with it, and a colon.
_SUMMARY_ITEM = re.compile(
    r"(?:(?<=^)|(?<=[\s.;]))(?P<num>\d{1,2}(?:\.\d{1,2})?)\.?\s+(?P<title>[A-Z][A-Za-z'’&/\-]*(?:\s+[A-Za-z'’&/\-]+){0,5}?)"
    r"(?P<ref>\s*\((?:Article|Section|Exhibit|Schedule)s?\s[^)]{1,30}\))?:\s+(?=\S)"
)
SUMMARY_MIN_ITEMS = 3  # fewer titled items in one paragraph is ordinary prose ("2. Rent: ...")


@dataclass(frozen=True)
class Sentence:
    """One sentence of the lease and the page it starts on."""

    text: str
    page: int


@dataclass(frozen=True)
class Chunk:
    """A retrievable unit: one clause (or part of a long one) under one heading."""

    index: int
    section: str
    label: str
    sentences: tuple[Sentence, ...]

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.sentences)

    @property
    def pages(self) -> list[int]:
        return sorted({s.page for s in self.sentences})

    @property
    def cite_section(self) -> str:
        """The heading, plus the sub-clause when there is one ("ARTICLE TEN: PETS — 10.1 Animals")."""
        if self.label and self.section:
            return f"{self.section} — {self.label}"
        return self.section or self.label


@dataclass
class _Block:
    section: str
    label: str
    lines: list[tuple[str, int]] = field(default_factory=list)


def _titleish(text: str, max_words: int = 8) -> bool:
    """ALL CAPS or Title Case, short: how headings look (and running sentences do not)."""
    tokens = re.findall(r"[A-Za-z][A-Za-z'’\-]*", text)
    if not tokens or len(tokens) > max_words:
        return False
    significant = [w for w in tokens if w.lower() not in _SMALL_WORDS]
    return bool(significant) and all(w[0].isupper() for w in significant)


# A capitalised line is a heading only with a word in it: not a postcode ("PH1 2NX") or a form's placeholder
# ("DD MMMM YYYY").
_WORD = re.compile(r"\b(?=[A-Z]*[AEIOU])[A-Z]{3,}\b")


def _all_caps(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 3 and sum(ch.isupper() for ch in letters) >= 0.9 * len(letters)


def _strip_running_lines(pages: list[str]) -> list[list[str]]:
    """Lines of each page without page numbers and without headers/footers repeated on most pages."""
    lines = [[ln.strip() for ln in page.splitlines() if ln.strip()] for page in pages]

    def key(line: str) -> str:
        return re.sub(r"\d+", "#", line.lower())

    edge: Counter[str] = Counter()
    for page_lines in lines:
        edge.update({key(ln) for ln in page_lines[:3] + page_lines[-3:]})
    # Repeated on half the pages (a document header), or, in a long lease, on many of them (a part's running
    # header, "Section C: Tenant's obligations", printed atop every page of that part).
    threshold = max(2, (len(pages) + 1) // 2) if len(pages) < 16 else max(4, len(pages) // 10)
    running = {k for k, n in edge.items() if n >= threshold} if len(pages) >= 2 else set()
    out = []
    for page_lines in lines:
        kept = []
        for i, ln in enumerate(page_lines):
            at_edge = i < 3 or i >= len(page_lines) - 3
            if _PAGE_NUMBER.match(ln) or (at_edge and key(ln) in running):
                continue
            kept.append(ln)
        out.append(kept)
    return out


def _heading(line: str) -> tuple[str, str, bool] | None:
    """(heading, inline body, complete) when a line opens a section, else None."""
    m = _KEYWORD_HEADING.match(line)
    if m and m.group("kw")[0].isupper():
        title = m.group("title").strip()
        head = line[: m.start("title")].strip()
        if not title:
            return head, "", False
        parts = re.split(r"(?<=[a-z)])\.\s+", title, maxsplit=1)
        name = parts[0].rstrip(".")
        if len(name) <= 60 and (_all_caps(name) or _titleish(name)):
            complete = not re.search(r"(?:[:\-–—&,]|\bAND|\bOF)$", name)
            return f"{head} {name}".strip(), parts[1] if len(parts) > 1 else "", complete
        return None
    m = _NUM_CAPS_HEADING.match(line)
    if m and _all_caps(m.group("title")) and len(line) <= 100:
        # A long capitalised heading may wrap ("5 SECURITY ... OF MORE THAN 28" / "DAYS"): the next line completes it.
        return line.rstrip("."), "", len(line) <= 60
    m = _POINT_ZERO_HEADING.match(line)
    title = re.sub(r"\([^)]*\)", "", m.group("title")) if m else ""  # "9.0 Guarantee (if applicable)"
    if m and (_titleish(title) or _all_caps(title)):
        return re.sub(r"\s+", " ", line.rstrip(".")), "", True
    m = _NUM_TITLE_HEADING.match(line)
    if m and _titleish(m.group("title"), max_words=6) and (m.group("rest") or len(line) <= 50):
        return f"{m.group('num')}. {m.group('title').strip()}", m.group("rest") or "", True
    if (len(line) <= 70 and _all_caps(line) and not line.endswith((".", ",", ";")) and len(line.split()) <= 10
            and _WORD.search(line)):
        return line, "", True
    return None


_SENTENCE_HEADING = re.compile(r"^(?P<num>\d{1,2})\.\s+(?P<title>[A-Z][a-z][\w'’\-,& ]{1,45}?)\s*$")


def _next_numbered(line: str, section: str) -> tuple[str, str, bool] | None:
    """A short sentence-case line numbered one past the section in force ("5. Tenancy cancellation" after
    "4. Sub-letting and sharing"): the next section of a lease that does not capitalise its headings."""
    current = re.match(r"(\d{1,2})\.\s", section)
    m = _SENTENCE_HEADING.match(line)
    if not current or not m or int(m.group("num")) != int(current.group(1)) + 1 or len(m.group("title").split()) > 6:
        return None
    return f"{m.group('num')}. {m.group('title').strip()}", "", True


def _clause(line: str) -> tuple[str, str] | None:
    """(label, body) when a line opens a numbered sub-clause, else None."""
    m = _CLAUSE.match(line)
    if not m:
        return None
    number = m.group("dotted") or m.group("num")
    label = number if number else f"({m.group('paren') or m.group('letter')})"
    body = m.group("rest")
    title = _CLAUSE_TITLE.match(body)
    if title and _titleish(title.group("title"), max_words=6):
        # The title moves into the label ("7.2 Repairs"), so quotes start with the clause's words.
        return f"{label} {title.group('title').strip()}", body[title.end() :]
    return label, body


def _typical_width(lines: list[str]) -> float:
    lengths = sorted(len(ln) for ln in lines if len(ln) >= 20)
    return float(lengths[int(0.9 * (len(lengths) - 1))]) if lengths else 80.0


def _blocks(stream: list[tuple[str, int]]) -> list[_Block]:
    width = _typical_width([ln for ln, _ in stream])
    blocks: list[_Block] = []
    section = ""
    current: _Block | None = None
    i = 0
    while i < len(stream):
        line, page = stream[i]
        prev = stream[i - 1][0] if i else ""
        # A line that continues a wrapped sentence is never a heading or a new clause.
        wrapped = bool(prev) and not prev.endswith(_TERMINAL) and len(prev) >= 0.8 * width
        found = None if wrapped else _heading(line) or _next_numbered(line, section)
        if found:
            head, body, complete = found
            if not complete and i + 1 < len(stream):
                nxt = stream[i + 1][0]
                if _all_caps(nxt) and len(nxt) <= 60 and not _CLAUSE.match(nxt):
                    wrapped = len(line) > 60  # a long heading that ran onto the next line, mid-phrase
                    joiner = " " if wrapped or head.endswith((":", "-", "–", "—", "&")) or not head[-1].isalnum() \
                        else ": "
                    head = f"{head}{joiner}{nxt}"
                    i += 1  # the title's second half was consumed (it may sit on the next page)
            section = head
            current = None
            if body:
                label, text = _clause(body) or ("", body)
                current = _Block(section, label, [(text, page)])
                blocks.append(current)
            i += 1
            continue
        clause = None if wrapped else _clause(line)
        # A short title line right before a numbered clause is that clause's sub-heading, however long the
        # line before it was.
        titles_next = (not clause and i + 1 < len(stream) and _clause(stream[i + 1][0]) is not None
                       and _short_title(line))
        new_paragraph = current is None or titles_next or (
            prev.endswith(_TERMINAL) and len(prev) < 0.8 * width and not _all_caps(prev)
        )
        if clause:
            current = _Block(section, clause[0], [(clause[1], page)])
            blocks.append(current)
        elif new_paragraph:
            current = _Block(section, current.label if current else "", [(line, page)])
            blocks.append(current)
        else:
            assert current is not None
            current.lines.append((line, page))
        i += 1
    return blocks


def _sentences(lines: list[tuple[str, int]]) -> list[Sentence]:
    """Join wrapped lines and split into sentences, each with the page it starts on."""
    text = ""
    starts: list[int] = []
    pages: list[int] = []
    for line, page in lines:
        if text and text.endswith("-") and line[:1].islower() and text[-2:-1].isalpha():
            pass  # a word hyphenated at the line end: "non-" + "refundable"
        elif text:
            text += " "
        starts.append(len(text))
        pages.append(page)
        text += line
    out: list[Sentence] = []
    begin = 0
    for m in _SENTENCE_END.finditer(text):
        before = re.findall(r"[\w.]+$", text[: m.start()])
        token = before[0].lower().rstrip(".") if before else ""
        if token in _ABBREVIATIONS or (len(token) == 1 and token.isalpha()):
            continue
        piece = text[begin : m.end()].strip()
        if piece:
            out.append(Sentence(piece, pages[bisect.bisect_right(starts, begin) - 1]))
        begin = m.end()
    tail = text[begin:].strip()
    if tail:
        out.append(Sentence(tail, pages[bisect.bisect_right(starts, begin) - 1]))
    return out


def _windows(sentences: list[Sentence]) -> list[list[Sentence]]:
    if sum(len(s.text) + 1 for s in sentences) <= MAX_CHUNK_CHARS:
        return [sentences]
    windows: list[list[Sentence]] = [[]]
    size = 0
    for sentence in sentences:
        if windows[-1] and size + len(sentence.text) > WINDOW_CHARS:
            windows.append([])
            size = 0
        windows[-1].append(sentence)
        size += len(sentence.text) + 1
    return windows


def _split_enumeration(block: _Block) -> list[_Block]:
    """A long paragraph of inline items "(a) ...; (b) ..." becomes one block per item."""
    joined = " ".join(ln for ln, _ in block.lines)
    if len(joined) < ENUM_SPLIT_CHARS or not _INLINE_ENUM.search(joined):
        return [block]
    # Split on line granularity is impossible (items start mid-line), so split the lines' text and keep
    # each piece's page by locating it in the original lines.
    offsets, pos = [], 0
    for ln, page in block.lines:
        offsets.append((pos, page))
        pos += len(ln) + 1
    out: list[_Block] = []
    cursor = 0
    for piece in _INLINE_ENUM.split(joined):
        start = joined.find(piece, cursor)
        cursor = start + len(piece)
        page = next(p for off, p in reversed(offsets) if off <= max(start, 0))
        item = re.match(r"\((\w{1,4})\)\s", piece)
        # A block opened by "(a)" is itself an item: its siblings are "(b)", not "(a) (b)".
        base = "" if block.label.startswith("(") else block.label
        label = f"{base} ({item.group(1)})".strip() if item else block.label
        out.append(_Block(block.section, label, [(piece.strip(), page)]))
    return out


def _split_summary(block: _Block) -> list[_Block]:
    """A paragraph of summary items ("5. Tenant's Share (Article 4): ... 6. Permitted Use (Article 5): ...")
    becomes one block per item, labelled with its number and name, so that "how much is the deposit" finds the
    deposit's own line instead of the whole summary (or the article that only refers back to it)."""
    joined = " ".join(ln for ln, _ in block.lines)
    items = [m for m in _SUMMARY_ITEM.finditer(joined) if _titleish(m.group("title"), max_words=6)]
    # One item with its reference ("4. Base Rent (Article 3):") is a summary line too: prose never says that.
    if len(items) < SUMMARY_MIN_ITEMS and not any(m.group("ref") for m in items):
        return [block]
    offsets, pos = [], 0
    for ln, page in block.lines:
        offsets.append((pos, page))
        pos += len(ln) + 1

    def page_at(start: int) -> int:
        return next(p for off, p in reversed(offsets) if off <= max(start, 0))

    # A paragraph opened by an item was taken for a heading ("5. Tenant's Share (Article 4)"): its items are
    # siblings of that one, not sub-clauses of it.
    section = "" if _NUM_TITLE_HEADING.match(block.section or "") else block.section
    out: list[_Block] = []
    lead = joined[: items[0].start()].strip()
    if lead:  # (the item that opened the paragraph, when it was taken for a heading, labels its own text)
        out.append(_Block(section, block.label or block.section, [(lead, page_at(0))]) if section != block.section
                   else _Block(block.section, block.label, [(lead, page_at(0))]))
    for k, m in enumerate(items):
        end = items[k + 1].start() if k + 1 < len(items) else len(joined)
        body = joined[m.end():end].strip()
        if body:
            label = f"{m.group('num')}. {m.group('title').strip()}{m.group('ref') or ''}"
            out.append(_Block(section, label, [(body, page_at(m.start()))]))
    return out


def _short_title(text: str) -> bool:
    """Reads like a sub-heading ("Routine access", "Subletting of part of the Property"): short, capitalised,
    no closing punctuation, no amounts."""
    text = text.strip()
    return (0 < len(text.split()) <= 8 and not text.endswith(_TERMINAL) and text[:1].isupper()
            and not re.search(r"\d{2,}|[$%]", text))


def _is_title(block: _Block) -> bool:
    """A one-line block that is a sub-heading."""
    return len(block.lines) == 1 and _short_title(block.lines[0][0])


def _titles_into_labels(blocks: list[_Block]) -> list[_Block]:
    """Sub-headings become the label of the clause they introduce, never a passage of their own.

    A heading alone says what a clause is about without saying anything; quoted as an answer it answers nothing
    ("Routine access"), so its words go to the next clause's label, where retrieval and the citation see them.
    """
    out: list[_Block] = []
    pending: str | None = None
    for i, block in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if _is_title(block) and nxt is not None and nxt.section == block.section and not _is_title(nxt):
            pending = block.lines[0][0].strip()
            continue
        if pending:
            block = _Block(block.section, f"{block.label} {pending}".strip(), block.lines)
            pending = None
        out.append(block)
    return out


def chunk_pages(pages: list[str]) -> list[Chunk]:
    """Chunks of a lease, in reading order.

    Args:
        pages: the text of each page (page 1 first), as text extraction gives it.

    Returns:
        Chunks with their heading (`section`), sub-clause (`label`) and sentences with pages.
    """
    stream = [(ln, number) for number, lines in enumerate(_strip_running_lines(pages), start=1) for ln in lines]
    chunks: list[Chunk] = []
    for block in _titles_into_labels(_blocks(stream)):
        for part in (piece for item in _split_summary(block) for piece in _split_enumeration(item)):
            sentences = _sentences(part.lines)
            for window in _windows(sentences):
                if window:
                    chunks.append(Chunk(len(chunks), part.section, part.label, tuple(window)))
    return chunks
