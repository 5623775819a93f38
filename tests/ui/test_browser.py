"""End to end in a real browser: `streamlit run` on 127.0.0.1 driven by Debian's headless Chromium (Playwright).

Type a search, hold and confirm a tour, upload a lease and ask about it; screenshots go to var/screenshots/.
Skipped, with the reason, only where Chromium or Playwright is truly absent (CI installs both).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT

CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "var" / "screenshots"
LEASE_PDF = ROOT / "eval" / "datasets" / "leases" / "residential_lease.pdf"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"Chromium is not installed at {CHROMIUM}"),
    pytest.mark.skipif(shutil.which("true") is None, reason="no POSIX userland"),
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    # The server's output goes to a file: a pipe nobody reads fills up and then blocks the server mid-test.
    log_path = tmp_path_factory.mktemp("log") / "streamlit.log"
    log = log_path.open("wb")
    env = {**os.environ, "DB_PATH": str(tmp_path_factory.mktemp("app") / "workspace.sqlite"),
           "OPENROUTER_API_KEY": "", "OPENAI_API_KEY": ""}
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.address", "127.0.0.1",
         "--server.port", str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read() == b"ok":
                break
        except OSError:
            time.sleep(0.5)
    else:
        proc.kill()
        pytest.fail("streamlit did not start: " + log_path.read_text(errors="replace")[-2000:])
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=20)
    log.close()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def _open(browser, server):
    """A fresh desktop-sized page on the app, loaded."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.set_default_timeout(60_000)
    page.goto(server)
    page.get_by_text("Real-estate workspace").first.wait_for()
    return page


def _chat(page, text: str) -> None:
    box = page.locator('[data-testid="stChatInputTextArea"]')
    box.fill(text)
    box.press("Enter")


def _shot(page, name: str, anchor: str | None = None) -> None:
    """Screenshot with the newest chat turn (or the given text) scrolled into view."""
    target = page.get_by_text(anchor).last if anchor else page.locator('[data-testid="stChatMessage"]').last
    target.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _pick_first_tour(page) -> None:
    """Pick option [1] of the tours multiselect (not "Select all").

    Typing filters the list to that option and Enter selects it: no click on an option element, which a rerun
    can replace while the click waits (the flake seen under load). Retried while the page is still busy.
    """
    picked = """() => [...document.querySelectorAll('[data-testid="stMultiSelect"]')]
                    .some(e => e.innerText.includes('[1]'))"""
    for _ in range(4):
        if page.evaluate(picked):  # a slow rerun showed it late: typing again would pick the next option too
            return
        page.locator('[data-testid="stMultiSelect"] input').first.click()
        page.keyboard.type("[1]")
        page.keyboard.press("Enter")
        page.keyboard.press("Escape")
        try:
            page.wait_for_function(picked, timeout=20_000)
            return
        except Exception:
            continue
    raise AssertionError("could not pick tour [1]")


def test_search_hold_confirm_and_lease_question_in_a_browser(server, browser):
    page = _open(browser, server)

    _chat(page, "2br in Williamsburg under $5k with a dishwasher, tour this Monday 6pm")
    page.get_by_text("match fully").first.wait_for()
    page.get_by_text("Rent $5,000 within budget").first.wait_for()
    _shot(page, "1-search", "match fully")

    _pick_first_tour(page)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Continue").click()
    page.get_by_label("Name").fill("Ana Díaz")
    page.get_by_label("Email").fill("ana@example.com")
    page.get_by_label("Phone (optional)").fill("212 555 0123")
    page.get_by_role("button", name="Continue").click()
    page.get_by_text("+12125550123").first.wait_for()
    page.get_by_text("Yes, hold these tours").click()
    page.get_by_role("button", name="Continue").click()
    page.get_by_text("Confirm which tours now?").wait_for()
    page.get_by_role("button", name="Continue").click()
    page.get_by_text("Your tours").wait_for()
    page.get_by_role("button", name="Calendar (.ics)").first.wait_for()
    assert page.get_by_role("button", name="Calendar (.ics)").count() == 1
    assert page.get_by_text("confirmed").count() >= 1
    _shot(page, "2-tour-confirmed", "Your tours")

    assert "thread=" in page.url  # the thread lives in the URL: a reload comes back to it
    page.reload()
    page.get_by_text("Your tours").wait_for()
    page.get_by_role("button", name="Calendar (.ics)").first.wait_for()
    assert page.get_by_text("2br in Williamsburg under $5k").count() >= 1  # the chat is back too
    _shot(page, "5-tours-after-reload", "Your tours")

    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(LEASE_PDF))
    page.get_by_text("pages indexed").wait_for()
    _chat(page, "Can I sublet my apartment?")
    page.get_by_text("Cited:").last.wait_for()
    assert page.get_by_text("sublet").count() >= 1
    _shot(page, "3-lease-answer")

    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.set_default_timeout(60_000)
    phone.goto(server)
    phone.get_by_text("Real-estate workspace").first.wait_for()
    _chat(phone, "I smell gas in the kitchen")
    phone.get_by_text("P0 · EMERGENCY").wait_for()
    _shot(phone, "4-phone-p0", "P0 · EMERGENCY")
    for name in ("1-search", "2-tour-confirmed", "3-lease-answer", "4-phone-p0"):
        assert (SHOTS / f"{name}.png").stat().st_size > 10_000


def test_market_questions_in_english_and_arabic_in_a_browser(server, browser):
    page = _open(browser, server)
    _chat(page, "compare sales on Yas vs Reem in 2024")
    page.get_by_text("is higher by").first.wait_for()
    page.locator(".vega-embed").first.wait_for()
    _shot(page, "6-market-comparison", "is higher by")
    _chat(page, "كم عدد المعاملات في جزيرة ياس في 2023؟")
    page.get_by_text("4,036").first.wait_for()
    _shot(page, "7-market-arabic", "4,036")
    for name in ("6-market-comparison", "7-market-arabic"):
        assert (SHOTS / f"{name}.png").stat().st_size > 10_000


def test_a_canadian_rental_search_in_a_browser(server, browser):
    """Issue 15: a Canadian search goes to REALTOR.CA (the shipped recorded sample, which covers the Toronto area):
    note, stats card, table, map. Its items are for sale: asking prices are shown, the rent budget is said not to
    apply."""
    page = _open(browser, server)
    _chat(page, "Looking for a 3 bed in Toronto under $3,200")
    page.get_by_text("Median asking price").first.wait_for()
    page.get_by_text("Recorded sample, not a live REALTOR.CA search").first.wait_for()
    page.get_by_text("was not applied").first.wait_for()
    page.locator('[data-testid="stDataFrame"]').first.wait_for()
    page.get_by_text("Do these results look good").first.wait_for()
    _shot(page, "6-vancouver-rentals", "Median asking price")
    assert (SHOTS / "6-vancouver-rentals.png").stat().st_size > 10_000


def test_an_hdb_valuation_in_a_browser(server, browser):
    """Issue 16: the comps card (estimate, stats, histogram, trace) for a Singapore HDB question."""
    page = _open(browser, server)
    _chat(page, "what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?")
    page.get_by_text("HDB resale comps").first.wait_for()
    page.get_by_text("fair value about").first.wait_for()
    page.locator(".vega-embed").first.wait_for()
    _shot(page, "9-hdb-comps", "HDB resale comps")
    assert (SHOTS / "9-hdb-comps.png").stat().st_size > 10_000


def test_a_managers_renewal_and_letter_in_a_browser(server, browser):
    """Issue 14: a manager (sidebar role) gets the policy package from stated numbers, then the letter to the tenant."""
    page = _open(browser, server)
    page.get_by_text("a property manager").first.click()
    _chat(page, "Unit 4B, tenant pays $3,200, lease ends March 31. Similar 1br's in the building are going for around "
                "$3,450. Our policy caps renewals at 5%. Put together a renewal package.")
    page.get_by_text("Proposed renewal").first.wait_for()
    _chat(page, "what if they come back at 3300? does that need sign-off?")
    page.get_by_text("for $3,300/month: within policy").first.wait_for()  # this turn's own answer, not the last's
    _chat(page, "draft the letter to the tenant with the three options")
    page.get_by_text("Draft letter to the tenant").first.wait_for()
    page.get_by_text("$3,300 a month for 12 months").first.wait_for()  # the letter carries the tenant's figure
    _shot(page, "10-manager-renewal", "Draft letter to the tenant")
    assert (SHOTS / "10-manager-renewal.png").stat().st_size > 10_000
