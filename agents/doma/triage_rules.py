"""The deterministic triage rules: signals found in normalised text, each with a category, a priority and
(for P0) the hazard behind it.

Hazard cues are checked for negation ("no gas smell", "I do not smell gas anymore", "no longer leaking")
within their clause, and intensity words move a leak between P2 (a drip), P1 (a leak) and P0 (pouring,
flooding). Context that lives anywhere in the message (the weather, a heat wave, someone vulnerable, "no rush")
adjusts the priority of the signals it belongs to. P0 signals never get lowered by context.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agents.doma.triage_text import clauses, normalize

PRIORITY_RANK = {"P0": 0, "P1": 1, "P2": 2}


@dataclass(frozen=True)
class Signal:
    """One finding in the message."""

    name: str
    category: str
    priority: str
    position: int  # character offset in the normalised text (earlier findings win ties)
    hazard: str | None = None  # set for P0 hazards: gas, fire, flood, electrical, co, break_in, ...


@dataclass
class Analysis:
    """Everything the rules found, for the result and for the trace."""

    normalized: str
    signals: list[Signal] = field(default_factory=list)
    negated: list[str] = field(default_factory=list)  # hazard cues found but negated or resolved
    context: dict[str, bool] = field(default_factory=dict)

    @property
    def top(self) -> Signal | None:
        """The most urgent signal (earliest mention among equals)."""
        if not self.signals:
            return None
        return min(self.signals, key=lambda s: (PRIORITY_RANK[s.priority], s.position))


def _near(a: str, b: str, gap: int = 4) -> str:
    """Regex: a and b (either order) with at most `gap` words between them."""
    between = rf"\W+(?:\w+\W+){{0,{gap}}}?"
    return rf"(?:\b(?:{a})\w*{between}(?:{b})\w*|\b(?:{b})\w*{between}(?:{a})\w*)"


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts))


# --- hazard cues (P0). Each is negatable: "no smoke", "not sparking", "the gas smell is gone". ---
_FIRE_SAID = re.compile(r"\b(?:caught fire|on fire|in flames|fire (?:is )?spread\w*|incendio|se prendi[oó])\b")
# Smoke or flame that is no fire: someone's smoking, cooking smoke a dead hood fan leaves in the kitchen ("humo de
# la plancha"), a burner's own flame "normal and blue"
_FIRE_EXCLUDE = (r"cigar\w*|weed|marijuana|vap\w*|tobacco|hookah|incense|bbq|barbecue|grill\w*|"
                 r"humo de (?:la )?(?:plancha|cocina|comida|fritura|sart[eé]n)|(?:cooking|frying|griddle) smoke|"
                 r"smoke from (?:the )?(?:cooking|frying|griddle|pan|fryer)|"
                 r"flames? (?:is |are |looks? |stays? )?(?:normal|blue|steady|even)")
HAZARDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("gas", _rx(
        _near(r"gas|propane", r"smell|odou?r|leak|hiss|fume|stink|stench|whiff|reek", 3),
        r"\bsmell\w* (?:\w+ )?(?:like|of) (?:gas|propane|rotten eggs?|sulfur|sulphur)",
        r"\brotten eggs?\b", r"\bsmell\w* (?:\w+ )?(?:sulfur|sulphur)\b",
        _near(r"hiss\w*", r"oven|burners?|gas line|gas meter|meter|behind the stove", 6),  # not a kettle on the stove
        r"\b(?:huele|olor|fuga|escape|peste)\w* (?:\w+ ){0,2}?(?:a |de )?gas\b",  # "huele un poco a gas"
        _near(r"gas|propane", r"coming out|escaping|still on|can hear", 4),
        _near(r"lpg|cylinder|gas tank|gas bottle|bombona|tanque de gas", r"smell|odou?r|leak|hiss|fume|stink", 6),
        _near(r"propane|butane|lpg", r"hiss\w*|leak\w*|smell\w*", 14),  # "propane tanks in the hall, one hisses"
        # an odd smell at a gas appliance is gas until shown otherwise (one question, never P2)
        _near(r"(?:strange|weird|funny|sweet|sulfur\w*|sulphur\w*|rotten|chemical|foul) (?:\w+ )?(?:smell|odou?r)",
              r"stove|oven|burners?|knobs?|range|gas", 6),
        # bubbling or hissing at a gas meter, or the sulfur of a struck match where the gas comes in
        _near(r"gas meter|meter", r"bubbl\w*|hiss\w*", 6),
        _near(r"smell\w* (?:\w+ )?like (?:a )?(?:lit |struck |burnt )?match(?:es)?", r"gas|meter|stove|oven|burners?|"
              r"furnace|boiler", 12),
        _near(r"gas (?:line|pipe|hose|valve|connection)", r"disconnect\w*|came (?:off|loose|apart)|loose|cut|broke\w*|"
              r"cracked|snapped", 5),
        # a burner or knob left on without a flame has been letting gas out: "the knob was on with no flame"
        _near(r"stove|oven|burners?|knobs?|range", r"(?:on|open) (?:\w+ ){0,2}?(?:with )?(?:no|without (?:a )?) ?flame|"
              r"(?:not|never|was not|was n't) lit|unlit", 8),
    )),
    ("co", _rx(
        r"\bco_alarm\W+(?:\w+\W+){0,3}?(?:going off|went off|goes off|go off|sound\w*|beep\w*|blar\w*|alarm\w*|"
        r"scream\w*|ring\w*|keeps? going|will not stop|wailing|sonando|suena|son[oó]|pit\w+)",
        r"\b(?:going off|went off|sounding|beeping)\W+(?:\w+\W+){0,2}?co_alarm",
        r"\bcarbon monoxide\b(?! detector| alarm)",
        r"\bmonoxido\b", r"\bmonoxide de carbono\b",
        # a detector's reading is evidence even when nobody names the gas: "the detector says 180"
        r"\b(?:co_alarm|detector|monitor|meter|aparat\w*|dispositivo)\W+(?:\w+\W+){0,5}?(?:reads?|reading|shows?|showing|"
        r"says?|display\w*|marca|"
        r"is at|hit|at|of)\W+(?:\w+\W+){0,2}?\d{2,4}\b",
        r"\b\d{2,4} ?ppm\b",
        # an alarm sounding while people feel the symptoms of CO poisoning is CO until shown otherwise
        _near(r"detector|alarm|co_alarm|smoke_alarm|monitor|sensor|aparat\w*|dispositivo",
              r"headache|dizz|nause|faint|drows|lightheaded|light headed|vomit|throwing up|sleepy|dolor de cabeza|"
              r"adormilad\w*|mare[oa]\w*", 12),
    )),
    ("fire", _rx(
        # the fire department, a drill or an exit sign is no fire
        r"\bfire\b(?!_| ants?\b| (?:department|dept|fighters?|men|man|truck|drill|marshal|station|brigade|inspector|"
        r"inspection|code|safety|service)s?\b)", r"\bflames?\b", r"\bon fire\b", r"\bchar(?:red|ring)\b",
        r"\bsmok(?:e|es|ing|ey|y)\b(?! (?:one|detector|alarm)s?\b)",  # not "the cover of the smoke one"
        r"\bscorch\w*", r"\bincendio\b", r"\bfuego\b", r"\bhumo\b", r"\bllamas\b", r"\bse quema\w*",
        _near(r"propane|gasoline|petrol|gas cans?|paint thinner|thinner|solvent|oily rags|kerosene",
              r"inside|hallway|boiler|stairs|stairwell|hiss|smell|pile|heater|furnace|lobby", 8),
        _near(r"sprinklers?", r"painted|covered|bag|taped|removed|disabled|capped|broken off|turned off", 6),
        _near(r"haze|hazy", r"ceiling|room|air|hallway|kitchen|smell|alarm|smoke_alarm", 6),
        r"\bsmoke_alarm\W+(?!test|drill|inspect)(?:\w+\W+){0,5}?(?:going off|went off|goes off|sounding|blar\w*|"
        r"will not stop|"
        r"alarm\w*|scream\w*|wailing)",
        # a door hot to the touch has fire behind it (the first thing a fire drill teaches)
        _near(r"doors?|doorknob|door handle", r"hot_to_touch|burning hot|too hot to touch", 5),
    )),
    ("electrical", _rx(
        r"\bspark(?!l)\w*", r"\barc(?:ing|ed)\b", r"\belectrical fire\b", r"\belectrocut\w*",
        # a fixture hanging by its wires is live wiring in reach (and in the rain, outdoors)
        r"\b(?:hanging|dangling)\W+(?:\w+\W+){0,3}?by (?:its |it is |the |their )?wir(?:es|ing)\b",
        r"\bchisp\w*|\bcortocircuito\b|\b(?:huele|olor) a (?:quemado|plastico quemado)\b",
        # (dust burning off a heater's first run of the season smells of burning and is harmless)
        r"\b(?:burning|burnt|burned|electrical|melting) (?:(?!dust\b)\w+ )?(?:smell|odou?r|plastic)",
        r"\bsmell\w* (?:\w+ )?(?:of |like )?(?:burning|burnt|burned|melting|electrical)",
        _near(r"outlet|socket|plug|switch|breaker|breaker_panel|wir(?:e|es|ing)|cord|fixture|enchufe",
              r"smok|melt|scorch|burn(?!\w* out)|char(?:red|ring)|hot(?!_w)|hot_to_touch|warm|buzz(?!er)|crackl|"
              r"sizzl|popping|caliente|derriti\w*|humea\w*", 6),
        _near(r"shock|zap", r"outlet|socket|switch|faucet|tap|appliance|stove|fixture|wall|plug", 6),
        _near(r"wall|outlet|socket|plug|panel", r"hot(?!_w)|warm|heat\w* up", 6)
        + r"(?=.*\b(?:flicker\w*|buzz\w*|hum\w*|"
        r"crackl\w*|smell\w*|outlet|socket|plug|panel|wir\w*|fridge|appliance)\b)",
        r"\b(?:exposed|live|bare|loose) (?:\w+ )?wir(?:e|es|ing)\b",
        r"\bwir(?:e|es|ing) (?:\w+ )?(?:exposed|hanging|sticking out)",
        _near(r"water(?!_)|leak|drip|pour|agua|gote\w*|fuga", r"outlet|socket|light fixture|breaker|breaker_panel|"
              r"electrical|lightbulb|pendant|ceiling light|light switch|lamp|wires|wiring|power strip|extension cord|"
              r"surge protector|power bar|exhaust fan|fan/light|light/fan|light combo|fan combo|"
              r"lampara|foco|plafon|enchufe|tomacorriente|interruptor|cables|cableado|tablero", 8),
        # "now it's coming out of the light fixture" (the water of the report before)
        r"\b(?:coming|dripping|leaking|pouring|running) (?:out of|from|through|into) (?:the |my )?(?:light fixture|"
        r"ceiling light|light|lamp|lightbulb|outlet|socket|light switch|switch|fixture)\b",
        r"\b(?:open|uncovered|exposed) (?:electrical|electric|junction|breaker|fuse) (?:box|panel)\b",
        r"\b(?:open|uncovered|exposed) breaker_panel\b",
    )),
    ("flood", _rx(
        r"\bflood\w*", r"\binund\w*",
        # a leak sensor's alarm: water found where nobody is to see it ("flo app says water detected")
        r"\b(?:water|leak|flood)\s+(?:was\s+|has been\s+)?detected\b",
        r"\b(?:water|leak|flood) (?:sensor|alarm|detector)\W+(?:\w+\W+){0,3}?(?:going off|went off|triggered)\b",
        r"\bwater\W+(?:\w+\W+){0,5}?(?:everywhere|all over|pour\w*|gush\w*|spray\w*|stream\w*|rush\w*|cascad\w*|"
        r"shooting|will not stop|pooling everywhere)",
        r"\b(?:pour\w*|gush\w*|spray\w*|stream\w*|rush\w*|cascad\w*|shooting)\W+(?:\w+\W+){0,3}?(?:water|from the "
        r"ceiling|through the ceiling|down the walls?)",
        r"\bburst\w*", r"\b(?:pipe|line|hose)s?\W+(?:\w+\W+){0,3}?(?:broke|broken|split|exploded|blew)",
        r"(?<!drain )\b(?:pipe|line|hose|fitting|riser|main|stack)s?\W+(?:\w+\W+){0,7}?(?:let go|gave way|gave out|"
        r"blew out)\b",
        r"\bwater\W+(?:coming|pouring|gushing|spraying|shooting|rushing)\W+(?:\w+\W+){0,6}?(?:non ?stop|non-stop|"
        r"without stopping)",
        r"\b(?:an?|one|two|few|several|\d+) inch(?:es)? of water\b", r"\b(?:an?|one|\d+) inch(?:es)? (?:under|deep)\b",
        r"\b(?:coming|pouring|leaking|dripping) (?:in |through )?(?:\w+ ){0,3}?in (?:like )?"
        r"(?:\d+|several|many|multiple|two|three|four|five) (?:places|spots)\b", r"\binches of water\b",
        r"\bankle deep\b",
        r"\b(?:floor|room|apartment|basement|kitchen|bathroom)\W+(?:\w+\W+){0,3}?(?:covered|filled|full|soaked) "
        r"(?:in|with) water", r"\bhose\W+(?:\w+\W+){0,2}?(?:popped|burst|broke|came) (?:off|loose|open)?",
        _near(r"leak|coming down|coming in|coming through|filling up", r"fast|heavily|quickly", 3),
        r"\b(?:leak\w*|water|coming (?:down|in|through))\W+(?:\w+\W+){0,5}?like a (?:faucet|hose|tap|river|waterfall|"
        r"shower)", r"\b(?:lots|a lot|tons) of water (?:coming|pouring|leaking|everywhere|on the floor)",
        r"\braining (?:from|through|down|inside)",
        r"\bwaterfall\b", r"\bmucha agua\b", r"\bagua por todos lados\b|\bagua por todas partes\b",
        r"\bse (?:rompio|reviento|exploto) (?:una |un |la |el )?(?:tuberia|tubo|cano)\b|\ba chorros\b|\btuberia rota\b",
        _near(r"overflow", r"everywhere|all over|will not stop|can not stop|hallway|into the|downstairs", 4),
        _near(r"coming through|leaking through|leaking into|dripping through|coming down through",
              r"(?:her|his|their|the neighbou?r'?s?|downstairs|below|next door)\W+(?:\w+\W+)?"
              r"(?:ceiling|apartment|unit)", 4),
        r"\bbuckets?\W+(?:\w+\W+){0,2}?(?:overflow\w*|full|filling up)\b",
        _near(r"water(?!_)", r"spreading|spread(?:s|ing)? (?:to|into|toward)|toward the hall\w*|into (?:the )?hall\w*|"
              r"into (?:the )?corridor|under (?:the )?door|to the next room|into the next room", 6),
        # a sprinkler head knocked off discharges at full flow until the valve is shut
        _near(r"sprinklers?(?: heads?)?", r"knocked off|broken off|snapped|sheared|full flow|discharg\w*|"
              r"spraying|going off|set off|activated", 5),
        # (water that "smells like sewer" is compared to sewage, not sewage on the floor)
        _near(r"(?<!like )(?<!like a )(?:sewage|sewer)(?! (?:smell|odou?r|stink|gas))|aguas? negras?|aguas residuales|"
              r"toilet paper|poop|feces|faeces|human waste|excrement\w*|poo\b|poo bits",
              r"everywhere|all over|flood|overflow|pour|gush|"
              r"coming up|back(?:ed|ing|s)? up|spread\w*|across|whole floor|todo el piso|saliendo|sale|salen|llenando|"
              r"se (?:esta )?llen\w*|"
              r"desbord\w*|llego a|llega a|"
              r"por todos lados|(?:into|onto|in) the (?:whole |entire )?(?:\w+ )?(?:bathroom|kitchen|hall\w*|"
              r"apartment|room|floor|basement)|whole (?:bathroom|kitchen|apartment|room|basement)", 10),
    )),
    ("break_in", _rx(
        r"\bbr(?:oke|eak|eaking)\W+in(?:to)?\b(?! (?:\w+ ){0,3}?(?:car|cars|vehicle|truck|van|mailbox\w*)\b)",
        r"\bbroken into\b", r"\bburglar\w*", r"\bintruders?\b",
        r"\brobbed\b|\brobbery\b|\brobaron\b|\brobo\b|\bladron\w*", r"\bforced (?:entry|open|in|the door|my door)",
        r"\bkicked (?:in|open|down)\b", r"\balguien entro\b", r"\bentraron a robar\b",
        _near(r"someone|somebody|a man|a guy|stranger", r"pulling at|prying|forcing|trying to (?:open|get in|break)|"
              r"jiggling|climbing in", 10), r"\bdoor\W+(?:\w+\W+){0,3}?kicked\b",
        r"\b(?:someone|somebody|a stranger|strangers?|a man|a guy|a person) (?:is |was )?(?:\w+ )?(?:in|inside) "
        r"(?:my|our|the) (?:apartment|unit|home|place|house)",
        r"\bentraron\b", r"\b(?:someone|somebody|a man|a guy|a stranger|strangers|people|they|he|she|"
        r"intruders?) (?:tried|was trying|were trying|tries|is trying|are trying) to (?:pry|break|force|kick|jimmy|"
        r"pick|get in|open)", r"\bpr(?:y|ied|ying) (?:\w+ )?(?:open|at)\b", r"\bjimm(?:y|ied)\b",
        r"\bsigns? of (?:a )?forced entry\b", r"\bpicked (?:my|our|the) lock\b",
        r"\b(?:door ?)?(?:jamb|frame)\W+(?:\w+\W+){0,2}?(?:splinter\w*|split|busted|kicked)",
        r"(?<!cabinet )(?<!closet )(?<!cupboard )(?<!shower )(?<!oven )(?<!fridge )(?<!dishwasher )(?<!wardrobe )"
        r"\bdoor\W+(?:\w+\W+){0,2}?splinter\w*",
        r"\block\W+(?:\w+\W+){0,5}?hanging (?:out|off)\b",
        # what a burglary leaves: a lock drilled or punched out, the place ransacked
        r"\b(?:lock|deadbolt|cylinder)\W+(?:\w+\W+){0,5}?(?:drilled|punched|pried|popped) (?:out|off)\b",
        r"\b(?:lock|deadbolt|cylinder)s? (?:was |were |got |has been |is )?(?:smashed|drilled|pried|forced)\b",
        r"\b(?:smashed|drilled|pried|forced) (?:open )?(?:the |my |our )?(?:\w+ )?(?:lock|deadbolt|cylinder)\b",
        r"\b(?:ransacked|tossed the place|drawers? (?:\w+ )?(?:dumped|pulled out|emptied|thrown))\b",
        # an attempt in progress, described by what the person hears or sees
        r"\b(?:someone|somebody|a man|a guy|a woman|a stranger|strangers|people|a person|he|she|they|"
        r"intruders?|prowlers?) (?:is|are|keeps?|has been|have been) (?:\w+ )?(?:trying|banging|pounding|kicking|"
        r"rattling|jiggling|pushing|forcing|prying|climbing|breaking|yanking|twisting)",
        r"\b(?:rattl|jiggl|yank|twist|tr(?:y|ies|ying))\w* (?:the |my |our )?(?:door ?knob|doorknob|door handle|"
        r"handle|lock|front door|door)\W+(?:\w+\W+){0,4}?(?:right now|as we speak|at the moment|this minute)",
        r"\bthere (?:is|are) (?:a |an |some |two |three )?(?:man|men|guy|guys|woman|person|people|stranger|strangers|"
        r"someone|somebody|intruders?) (?:\w+ )?(?:trying|banging|pounding|kicking|rattling|jiggling|pushing|forcing|"
        r"prying|climbing|breaking)",
        r"\bclimbing (?:in|into|through)\b", r"\bprowler\w*",
        r"\b(?:door|window|lock)\W+(?:\w+\W+){0,2}?(?:forced|pried|jimmied|smashed in|kicked)\b",
        r"\b(?:someone|somebody|they|a stranger|a man) (?:got|came|broke|climbed) in\b",
    )),
    ("structural", _rx(
        r"\b(?:ceiling|roof|wall|floor|stairs?|staircase|balcony|techo)\w*\W+(?:\w+\W+){0,3}?(?:collaps\w*|caved|"
        r"caving|came down|coming down|fell in|fell down|fell through|gave way|giving way|falling in|falling down|"
        r"is falling|se cayo)",
        r"\b(?:collaps\w*|caved in|fallen) (?:\w+ )?(?:ceiling|roof|wall|floor|stairs?)",
        r"\b(?:chunks?|pieces?|parts?) of (?:the )?(?:ceiling|plaster|roof)\W+(?:\w+\W+){0,2}?(?:fell|falling|came)",
        _near(r"facade|brick\w*|masonry|cornice|parapet|stone\w*", r"landed|fell|falling|came down|dropped|crashed",
              12),
        r"\b(?:ceiling|roof|wall|floor|stairs?|staircase|steps|flight|balcony|porch|railing|beam|joist|chimney|facade|"
        r"parapet)\w*\W+(?:\w+\W+){0,6}?(?:pulling away|pulled away|separating|separated|shifting|shifted|leaning|"
        r"giving way|gave way|caving|"
        r"falling apart|(?:about|going|gonna) to (?:fall|collapse|come down|give)|gonna (?:fall|collapse|come down)|"
        r"(?:will|could|might|may) (?:fall|collapse|come down|give way|cave))",
        # a wall or floor "crumbling" is its plaster or drywall decaying; overhead or underfoot it is about to fall
        r"\b(?:ceiling|roof|stairs?|staircase|steps|balcony|porch|railing|beam|joist|chimney|facade|parapet)\w*"
        r"\W+(?:\w+\W+){0,6}?crumbl\w*",
        r"\bcracks?\W+(?:\w+\W+){0,4}?(?:getting|got|grow\w*|gets) (?:wider|bigger|longer|worse)",
        # a stair tread or step that cracked through or dropped under a foot
        r"\b(?:stair|step|tread)s?\W+(?:\w+\W+){0,8}?(?:cracked through|split through|dropped|sank|gave|gives|"
        r"broke through)\b",
        r"\bplaster\W+(?:\w+\W+){0,2}?(?:keeps? |is |are )?(?:falling|fell|coming down|dropping|raining)",
        r"\bdoor ?frames?\W+(?:\w+\W+){0,2}?(?:shifting|twisting|moving|warping)",
        # a home knocked off what holds it up (a trailer off its blocks, a house off its foundation)
        r"\b(?:shifted|slid|moved|knocked|pushed|came|fell) (?:\w+ )?off (?:the |its |their |of )?(?:blocks|"
        r"foundation|piers|supports|jacks|stilts)\b",
        _near(r"sagg|bow(?:ing|ed)|bulg|buckl|bouncy|spongy|loud crack|bump|tilt\w*",
              r"crack|falling|fell|creak|groan|worse|wider|bigger|"
              r"scared|door|soft|inches|water|drip\w*|growing", 14),
        _near(r"new crack|crack\w*|grieta\w*", r"was not there before|were not there before|overnight|"
              r"since (?:last night|the)|"
              r"will not (?:close|shut)|does not (?:close|shut)|(?:can|will) not (?:close|shut) anymore|loud|bang|"
              r"hit the building|no cierra|golpe|nueva", 12),
    )),
    ("trapped", _rx(
        r"\b(?:stuck|trapped) (?:\w+ )?in (?:the |an |a |our )?(?:\w+ )?(?:elevator|lift)\b",  # "the freight elevator"
        r"\belevator\W+(?:\w+\W+){0,4}?(?:stuck|trapped)\W+(?:\w+\W+){0,4}?(?:inside|in it|someone|somebody|people|"
        r"person|between floors|with (?:my|me|us|a|kids?|people))",
        r"\b(?:someone|somebody|people|person|my \w+|kids?|child|children) (?:is |are )?(?:stuck|trapped) in "
        r"(?:the )?elevator",
        r"\btrapped\b",
        r"\blocked out\W+(?:\w+\W+){0,5}?(?:baby|infant|toddler|child|kid|son|daughter|stove on|oven on)",
        r"\b(?:atrapad|encerrad)\w* (?:\w+ )?(?:en )?(?:el )?ascensor",
        r"\bascensor\W+(?:\w+\W+){0,5}?(?:atrapad|parad|atascad)",
        r"\b(?:elevator|lift|ascensor)\W+(?:\w+\W+){0,3}?(?:dropped|fell|plunged|free ?fell|slammed|se cayo|cayo)",
    )),
    # --- the rest of the published life-threatening classes (HUD NSPIRE life-threatening/severe deficiencies,
    # NYC HPD class C "immediately hazardous"), told by their evidence; eval/datasets/README.md lists them ---
    ("alarm_missing", _rx(  # NSPIRE: smoke / CO alarm missing or inoperable; HPD C: no smoke or CO detector
        _near(r"smoke_alarm|co_alarm|detectors?|alarms?",
              r"missing|removed|taken (?:down|off|out)|gone|no batter|dead|does not work|do not work|not working|"
              r"never (?:replaced|put (?:\w+ )?back|installed)|should be|supposed to be|used to be|hanging|ripped|"
              r"disconnected|no funciona|no sirve|no suena|no hay ningun|quitaron|falta|"
              r"nothing happen|"
              r"unplugged|"
              r"no sound|silent|painted (?:\w+ ){0,2}?over|covered|disabl\w*|in pieces|tamper\w*", 6),
        r"\bpainted (?:\w+ ){0,2}?over (?:\w+ ){0,2}?(?:smoke_alarm|co_alarm|detector\w*)",
        _near(r"(?:bare|empty) (?:bracket|base|mount\w*|plate)|wires? capped", r"smoke_alarm|co_alarm|detectors?", 8),
        r"\b(?:took|take|taken) (?:down|off|out) (?:\w+ ){0,2}?(?:smoke_alarm|co_alarm|detector)\w*",
        r"\bno working (?:smoke_alarm|co_alarm|detector\w*|alarm\w*)",
        r"\b(?:took|taken|pulled) (?:the )?batter(?:y|ies) out\b",
        _near(r"smoke_alarm|co_alarm|detectors?", r"have been removed|has been removed|were removed|was removed", 10),
        r"\b(?:no|without|never (?:had|got) an?|there is not an?|there are not any|not a single|no hay|sin) "
        r"(?:\w+ )?(?:smoke_alarm|co_alarm|detector\w*)",
        # only an alarm has a test button: pressed, it does nothing
        r"\b(?:no|not a|not any) (?:light|sound|beep|chirp)\w*\W+(?:\w+\W+){0,3}?(?:press|push|hit)\w* (?:the )?test\b",
        r"\b(?:press|push|hit)\w* (?:the )?test(?: button)?\W+(?:\w+\W+){0,7}?(?:nothing|no (?:light|sound|beep)|"
        r"not (?:beep|light|work|sound)\w*|dead)",
        r"\btest button\W+(?:\w+\W+){0,2}?(?:does|did|will|would) not (?:make (?:a |any )?(?:sound|noise)|beep|light|"
        r"work|do anything)",
    )),
    ("egress", _rx(  # NSPIRE: blocked egress; HPD C: locked or obstructed fire escape, illegal gates, fire doors
        _near(r"fire_equipment|exit|stairwell|stairway|stairs? door|emergency door|way out|salida|puerta de emergencia",
              r"blocked|block\w*|obstruct\w*|chained|padlock\w*|locked|bolted|nailed|welded|can not (?:open|get out)|"
              r"will not (?:open|close|shut)|does not (?:close|shut|latch)|propped|wedged|bloquead\w*|"
              r"no se (?:abre|cierra)",
              8),
        r"\bpadlock\w*\W+(?:\w+\W+){0,4}?(?:gate|window|fire_equipment|bars)",
        r"\bdouble cylinder\b|\b(?:bars|gate)s? on (?:the |my )?(?:\w+ )?window\w*\W+(?:\w+\W+){0,4}?(?:no key|locked|"
        r"can not open)",
        r"\b(?:closer|self closing)\W+(?:\w+\W+){0,4}?(?:broken|snapped|missing|removed|gone)",
        r"\bpuerta cortafuegos\b",
        _near(r"escaleras?|pasillo|salida", r"no se puede (?:pasar|salir)|bloquead\w*|tapad\w*|obstruid\w*", 8),
        r"\bkey (?:from|on|to open (?:it )?from) both sides\b|\bneeds? a key to (?:get )?out\b",
        r"\b(?:people|residents|tenants|nobody|no one|everyone|anyone|we|they|kids|children)\b (?:\w+ )?"
        r"(?:can not|could not|are not able to) get out\b",
    )),
    ("fall", _rx(  # NSPIRE: missing guardrail / handrail; HPD C: window guards missing where children live
        _near(r"guard ?rails?|hand ?rails?|railings?|banister|barandal|baranda",
              r"missing|gone|ripped|came off|fell off|loose|broken|wobbl|collaps|gap|pulled out|detached|snapped", 6),
        _near(r"window guards?|guards? on (?:the |my |our )?(?:\w+ ){0,2}windows?|rejas?|window bars",
              r"missing|removed|gone|loose|broken|rota|swing|never (?:put|went) back|came off|fell|no guard", 8),
        r"\bno (?:window )?guards? on (?:the |my |our )?(?:\w+ ){0,2}windows?",
        r"\bno window guards?\b|\bwindow guards? (?:are |is )?(?:missing|gone)\b",
        _near(r"windows?", r"no glass and no guard|no guard|no bars|without (?:a )?guard", 8),
        _near(r"bars on (?:the |my |our )?(?:\w+'?s? )?windows?", r"broken|loose|missing|gone|came off|fell|gap", 8),
    )),
    ("boiler", _rx(  # NSPIRE: water heater / boiler without working relief, pressure hazards
        _near(r"relief valve|pressure valve|relief|t&p|tp valve|pressure gauge|gauge",
              r"spit|spray|shoot|blow|steam|red|capped|plugged|bang|rumbl|hiss|leak", 8),
        _near(r"water_heater|boiler|tank|caldera|calentador", r"bang\w*|rumbl\w*|explod|bulg|shaking|screaming", 6),
        _near(r"steam", r"blast\w*|shoot\w*|pour\w*|spray\w*|gush\w*|filling (?:the|my|our)|billow\w*", 5),
        r"\b(?:full of|filled with|filling with|thick with) steam\b|\bsteam everywhere\b",
    )),
    ("pests", _rx(  # HPD C: rat infestation; rodents at a sleeping child
        r"\brats?\b|\brodent infestation\b|\bratas?\b",
        _near(r"mice|mouse|rodents?|ratones|raton",
              r"bit|bite|bitten|crib|baby|infant", 8),
    )),
)

# A standing condition (a detector taken down last month, rats found last night) is a hazard now, however it is told.
STANDING = {"alarm_missing", "egress", "fall", "pests", "lead", "power_medical"}

# Hazards that need someone at risk in the message: lead paint with a young child (HPD class C), a power cut with
# medical equipment or medicine in the fridge. The clause names the condition, the message the person.
_YOUNG_CHILD = re.compile(r"\b(?:baby|infant|toddler|newborn|child|children|kids?|son|daughter|grandkids?|twins|"
                          r"nino\w*|nina\w*|bebe|hij[oa]s?|\d{1,2} (?:month|year|yr)s? old|\d (?:and|y) \d)\b")
_MEDICAL = re.compile(r"\boxygen\b|\binsulin\b|\bventilator\b|\bconcentrator\b|\bdialysis\b|\bcpap\b|"
                      r"\bmedical (?:equipment|device)\b|\bmedicine\b|\bmedication\b|\bwheelchair\b|\bnebuli[sz]er\b")
# Symptoms of carbon monoxide poisoning in a home with something that burns fuel: CO until shown otherwise.
_FUEL_APPLIANCE = re.compile(r"\b(?:boiler|furnace|heater|heating|the heat|water_heater|stove|oven|gas|generator|"
                             r"fireplace|chimney|caldera|calentador|estufa|calefaccion)\b")
# Too-hot water is a hazard when it has burned someone or a child or frail person bathes in it.
_SCALD_AT_RISK = re.compile(rf"{_YOUNG_CHILD.pattern}|\bburn\w*|\bskin\b|\belderly\b|\bquem\w*|"
                            r"\ball (?:the )?(?:units|apartments)\b|\bevery (?:unit|apartment)\b|\bwhole building\b")
CONDITIONAL_HAZARDS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    ("lead", _rx(r"\blead\b(?! time)", _near(r"paint\w*|pintura", r"peel\w*|flak\w*|chip\w*|crack\w*|dust|"
                                                                   r"falling|cayendo|pedazos|cae|se cae|bubbl", 5)),
     _YOUNG_CHILD),
    ("scald", _rx(_near(r"water|hot_water|tap|faucet|shower|agua|grifo", r"scald\w*|boiling|steam|hirviendo|quem\w*|"
                        r"burn(?:ed|t|s)? (?:my|his|her|their)|skin (?:red|burn)|turned (?:my|his|her) skin", 8)),
     _SCALD_AT_RISK),
    # a hot-water reading that scalds in seconds (140 °F / 60 °C and up), whoever is at home
    ("scald", _rx(_near(r"water|hot_water|tap|faucet|shower|sinks?|agua|grifo",
                        r"(?:1[4-9]\d|2\d\d) ?deg ?f\b|(?:6\d|[7-9]\d) ?deg ?c\b", 10)),
     re.compile(r"\bdeg ?[fc]\b")),
    ("scald", _rx(r"\b(?:bright |really |very )?red (?:legs|arms|hands|feet|skin|back|face|bottom)\b|\bblister\w*|"
                  r"\b(?:red )?burn\b"),
     re.compile(r"\bscald\w*|\bfull hot\b|\btoo hot\b|\bboiling\b|\bsteam\w*|\bhot_water\b|\bhot (?:tap|faucet)\b")),
    # water running over onto the floor that nobody can stop is a flood, whatever fixture it comes from
    ("flood", _rx(r"\boverflow\w*\W+(?:\w+\W+){0,3}?(?:onto|on to|all over|across|into) (?:the )?(?:floor|hall\w*|"
                  r"kitchen|bathroom)\b|\bspilling (?:over|onto)\b"),
     re.compile(r"\b(?:can|could|will|would) not (?:close|shut|stop|turn off)\b|\bunable to (?:close|shut|stop|turn "
                r"off)\b|\bno way to (?:stop|shut)\b")),
    # a ceiling bulging or sagging where water is coming in: water held above it, about to come down
    ("structural", _rx(r"\bceiling\W+(?:\w+\W+){0,3}?(?:bulg\w*|sagg\w*|bowing|balloon\w*|drooping)"),
     re.compile(r"\bwater\b|\bleak\w*|\bdrip\w*|\bplumber\b|\bagua\b|\bgotera\b")),
    # water standing deep or reaching other rooms
    ("flood", _rx(r"\bon the floor\W+(?:\w+\W+){0,2}?(?:about |around |like |almost |over |nearly |maybe )?"
                  r"(?:an?|one|two|half an?|\d+) inch(?:es)?\b",
                  r"\b(?:an?|one|two|half an?|\d+) inch(?:es)? (?:deep|high|on the floor|standing)\b",
                  r"\b(?:goes|going|spreading|spread|spreads|running|reaching|reached|getting|coming) (?:in)?to "
                  r"(?:the |my |our )?(?:bedroom|hallway|living room|kitchen|next room|other rooms?|hall|corridor)\b"),
     re.compile(r"\bwater\b|\bagua\b|\bleak\w*")),
    ("co", _rx(r"\b(?:headaches?|dizz\w*|nause\w*|faint\w*|drows\w*|lightheaded|light headed|vomit\w*|"
               r"throwing up|sleepy|wobbly|mareos?|mareado\w*|dolor de cabeza|duele la cabeza|somnolien\w*|"
               r"pass(?:ed|ing) out)\b"), _FUEL_APPLIANCE),
    # a warm wall or outlet is wiring overheating when the lights flicker or something buzzes or smells
    ("electrical", _rx(_near(r"wall|outlet|socket|plug|panel|breaker_panel", r"hot(?!_w)|warm|heat\w* up", 6)),
     re.compile(r"\bflicker\w*|\bbuzz\w*|\bhumm\w*|\bcrackl\w*|\bburning\b|\bspark\w*|\bzumb\w*|\bparpade\w*")),
    ("power_medical", _rx(r"\bno (?:power|electricity|electric|luz|electricidad)\b",
                          r"\bpower (?:is |has been |went |was )?(?:out|off|cut)\b",
                          r"\b(?:lost|without) (?:power|electricity)\b",
                          r"\bblackout\b", r"\bsin (?:luz|electricidad)\b"), _MEDICAL),
    # NSPIRE: hazardous substances released. People reacting to chemical fumes (the clause) where the message says
    # chemicals were mixed or fumes are in the air.
    ("fumes", _rx(r"\b(?:cough|chok)\w*", r"\b(?:can not|cannot|hard to|trouble) breath\w*", r"\bdizzy\b",
                  r"\beyes? (?:are |is )?(?:burning|stinging|watering)\b", r"\ba cloud\b", r"\bno (?:puedo|podemos) "
                  r"respirar\b", r"\btos\w*\b",
                  # a tank's heating oil spreading, its fumes in the home
                  r"\b(?:heating |fuel |furnace |diesel )?oil\W+(?:\w+\W+){0,3}?(?:leak\w*|spill\w*|pool\w*)",
                  r"\b(?:leak\w*|spill\w*)\W+(?:\w+\W+){0,2}?(?:heating |fuel |furnace )oil\b"),
     re.compile(r"\b(?:mix\w*|combin\w*) (?:\w+ ){0,3}?(?:chemicals|products|bleach|ammonia|cleaners?)\b|"
                r"\bchemical (?:fumes|cloud|smell|vapou?rs?)\b|\btoxic\b|\bfumes\b")),
)

# "the fixture has gone brown", "the milk's gone off": gone as become, no end of the problem
_BECOME = r"\s+(?:brown|black|yellow|dark|grey|gray|green|white|red|orange|soft|spongy|cold|hot|warm|bad|mou?ldy|" \
          r"crazy|haywire|wrong|dead|off|crooked|wavy|saggy)\b"
_NEGATORS = {"no", "not", "never", "without", "nothing", "none", "nobody", "neither", "nor", "sin", "stopped",
             "quit", "ceased", "zero", "nada"}
_BOUNDARIES = {"and", "so", "because", "when", "while", "then", "now", "y", "until", "since", "after",
               "before", "if"}
_RESOLVED_AFTER = re.compile(
    r"^\W*(?:\w+\W+){0,3}?(?:anymore|any more|(?:is |has |have |are )?(?:gone(?!" + _BECOME + r")|stopped|cleared|"
    # ("it's over", not the "over the sink" of a place)
    r"went away|fixed|repaired|resolved|(?<!all )over(?!\W+(?:the|a|an|my|our|your|his|her|their|its|it|this|that|"
    r"there|here|\d+)\b)|dissipated)\b|ya no)"
)
# An elevator that "jerked and stopped" is how someone got trapped; only getting out ends it.
_FREED = re.compile(r"\b(?:got (?:\w+ )?out|(?:is|are|am|was|were) out|freed|rescued|opened|fixed|repaired|resolved)\b")
# Symptoms that lift away from the home ("gone when we're at the library") point to CO there; they are not over.
_AWAY_RELIEF = re.compile(r"\b(?:gone|go(?:es)? away|went away|better|stops?|disappears?|clears? up|fine)\b.{0,15}"
                          r"\b(?:when|whenever|once|as soon as|if)\b.{0,25}\b(?:leave|left|out|outside|away|elsewhere|"
                          r"somewhere else|at (?:the|work|school|my|our|a|his|her))\b")
_RESOLVED_CLAUSE = re.compile(
    r"\b(?:it|that|this|the smell|the leak|the smoke|the sparking|the alarm|smell|leak)\b.*\b(?:anymore|any more|"
    r"gone(?!" + _BECOME + r")|stopped|went away|cleared|fixed|resolved|repaired)\b|\bya no\b|\bnot anymore\b|"
    r"\bno more\b|"
    # Spanish: "ya paró y ya secamos", "dejó de salir"
    r"\bya (?:par[oó]|se (?:detuvo|fue|quit[oó]|arregl[oó]))\b|\bdej[oó] de (?:salir|sonar|gotear|oler|caer)\b|"
    # "a burning smell at first, went away after an hour"; "missing a screw, still firmly attached"
    r"^\W*(?:and )?(?:went away|cleared up|stopped|gone)\b|"
    r"\bstill (?:firmly |securely |solidly )?(?:attached|secure|in place|holding|solid)\b"
)
# A clause that dates its event in the past and says nothing of now ("someone tried to break in last month").
_PAST = re.compile(
    r"\blast (?:week|month|night|year|time|winter|summer|fall|spring|weekend|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)\b|\b(?:a|one|two|three|few|couple of|several|\d+) (?:days?|weeks?|months?|years?) "
    r"ago\b|\bago\b|\byesterday\b|\bpreviously\b|\bin the past\b|\bback in\b|\bused to\b|\bonce before\b|"
    r"\bbefore (?:i|we) moved\b|\bthe other (?:day|night|week)\b|(?<!desde )\b(?:anoche|ayer)\b|"
    r"\bla semana pasada\b|\bel (?:mes|ano) pasado\b|"
    r"\bhace (?:un|una|unos|unas|dos|tres|\d+) (?:dias?|semanas?|mes|meses|anos?)\b|"
    # "the fire in Building 5 in March": an event dated by a month gone by
    r"\b(?:the|a|el|la) (?:fire|flood|leak|break-?in|incendio|inundacion|robo) (?:\w+ ){0,4}?(?:in|back in|en) "
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|enero|febrero|marzo|"
    r"abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b"
)
# What a past event left behind ("still has water stains", "still some scorch marks"): its traces, not the event
_RESIDUE = r"(?! (?:\w+ ){0,2}?(?:stain\w*|marks?|marked|scorch\w*|damaged?|warped|charred|peeling|cracked)\b)"
_NOW = re.compile(rf"\bright now\b|\bas we speak\b|\bat the moment\b|\bcurrently\b|\bstill\b{_RESIDUE}|\bagain\b|"
                  r"\bkeeps?\b|"
                  r"\bthis (?:minute|moment|second)\b|\b(?:is|are|am) (?:\w+ )?\w+ing\b|"
                  # "scalding water since the plumber came yesterday": it started then and goes on
                  r"\bsince (?:yesterday|last\b|this\b|the\b|\d|\w+day\b|morning|noon)")
_UNSECURED = re.compile(r"\b(?:door|lock|window)\w*\W+(?:\w+\W+){0,4}?(?:will not|does not|can not|not) (?:lock|close|"
                        r"latch|shut)|\b(?:door|lock|window)\w* (?:is |are )?(?:broken|busted|smashed|off)\b|"
                        r"\bcan not (?:lock|secure)\b")


# An attempt that failed and is over ("they didn't get in", "gave up", "police already came"): it needs the lock
# fixed (P1) or a camera (P2), not a rescue. Someone at the door now is no failed attempt.
_ATTEMPT = re.compile(r"\btried\b|\btrying\b|\battempt\w*|\bintent\w*|\btrato\b|\bحاول")
_PAST_ATTEMPT = re.compile(r"\btried to (?:break|get|force|pry|jimmy|open)\b|\battempted\b|\b(?:break-?in|burglary|"
                           r"robbery) attempt\b|\battempt(?:ed)? (?:break|burglary|robbery)|\bintentaron\b|"
                           r"\bintento de robo\b|\bحاول")
_FAILED = re.compile(
    r"\b(?:did|could|do|can|was) not (?:get|make it|manage to get|break) in\b|\bnever got in\b|\bgave up\b|"
    r"\bran (?:off|away)\b|\b(?:took|taken|stole|stolen) nothing\b|\bnothing (?:was )?(?:taken|stolen)\b|"
    r"\bno (?:lograron|entraron|pudieron entrar)\b|\bse fue\b|\bhuy\w+\b|\bهرب|\bمقدرش يدخل|\bما قدر|"
    r"\bpolice (?:already )?(?:came|caught|have been)\b|\bcops (?:already )?came\b|\bpolice report\b"
)
_IN_PROGRESS = re.compile(r"\b(?:someone|somebody|they|he|she|a man|a guy)\b.{0,30}\bright now\b|"
                          r"\bright now\b.{0,30}\b(?:someone|somebody|trying|they are|he is|she is)\b|"
                          r"\b(?:is|are) (?:still )?(?:trying|here|inside|outside)\b|"
                          r"\bstill (?:here|inside|there|outside|around)\b|\bcome back\b|\bcoming back\b|\bhiding\b")


# A report of a hazard that is over and dealt with ("the burst pipe from january was repaired", "small grease fire
# last month, fire dept came, all good"), with nothing said to be going on: a check or a touch-up, not a rescue.
_DEALT_WITH = re.compile(
    r"\b(?:was|were|got|been|is|are) (?:\w+ )?(?:fixed|repaired|replaced|put out|pumped out|cleaned|sanitized|sealed|"
    r"reset|resolved|restored|dried|patched|sorted)\b|\b(?:came|come|fixed it|fixed the|got me out)\b.{0,40}\b(?:fixed|"
    # "came and put it out", "got me out"; not the water that "came out at 71 °C"
    r"repaired|sealed|put (?:it|them|the fire) out|got (?:me|us|him|her|them) out|all good|fine)\b|"
    r"\b(?:it is|its|all is|alls|everything is|everything) (?:fine|ok|okay|good|dry)\b|\ball good\b|\balready out\b|"
    r"\bno damage\b|\bworks (?:great|fine|perfectly|well)\b|"
    r"\b(?:has been|been) fine since\b|\bhave not seen\b|\bfalse alarm\b|\ball clear\b|\bas a (?:joke|prank)\b|"
    r"\blo arregl\w+|\bya no\b|"
    r"\bya (?:esta|quedo) (?:bien|arreglad\w+)|\b(?:fixed|repaired) (?:it|them|the \w+)\b|\bya paro\b|"
    r"\b(?:ya )?secamos\b|\bstopped and (?:we )?dried\b"
)
_ONGOING = re.compile(r"\bstill\b(?! (?:\w+ )?(?:scorched|stained|damaged|warped|charred|burnt|burned|marked|musty|"
                      r"dirty|black|peeling|cracked|works|working|fine|ok|okay|good|intact)\b)|\bagain\b|\bright now\b|"
                      r"\bas we speak\b|\bcurrently\b|"
                      r"\bkeeps?\b|\bgetting worse\b|\bspreading\b|\bcame back\b|\bback again\b|\breturned\b|\bsigue\b|"
                      r"\botra vez\b|\bde nuevo\b")


def dealt_with(text: str) -> bool:
    """The message tells a hazard as over and handled, and nothing as going on now."""
    return bool(_DEALT_WITH.search(text)) and not _ONGOING.search(text)


# The home was left secure: said in so many words (else a failed attempt still needs its door checked, P1)
_LOCK_FINE = re.compile(r"\b(?:lock|locks|door|deadbolt)\w*\b[^.;]{0,20}\b(?:fine|ok|okay|held|works|working|intact|"
                        r"undamaged|secure|was replaced)\b|\bnothing (?:was )?damaged\b|\bno damage\b|"
                        r"\bfuncionando\b|\bquedo bien\b|شغال|سليم", re.I)


def failed_attempt(text: str) -> bool:
    """An entry attempt that failed and is over (not someone trying now)."""
    if _IN_PROGRESS.search(text) or re.search(r"\bkeeps? trying\b|\bevery (?:night|day)\b", text):
        return False
    return bool(_PAST_ATTEMPT.search(text) or (_ATTEMPT.search(text) and _FAILED.search(text)))


_RECENT = re.compile(r"\blast night\b|\btonight\b|\bthis (?:morning|evening|afternoon)\b|\bearlier today\b|"
                     r"\b(?:an|one|two|few|couple of|\d+) (?:hours?|minutes?) ago\b")


# A month or more ago: a break-in then is over, whatever its lock still needs (P1)
_LONG_AGO = re.compile(r"\b(?:a|one|two|three|few|couple of|several|\d+) (?:weeks?|months?|years?) ago\b|"
                       r"\blast (?:month|year)\b|\blong ago\b|"
                       r"\bhace (?:un|una|unos|unas|dos|tres|\d+) (?:semanas?|mes|meses|anos?)\b|"
                       r"\bel (?:mes|ano) pasado\b")


def still_unsafe(text: str) -> bool:
    """After a break-in or an attempt: the home cannot be secured, or it was hours ago (the person may be back); not
    when it was a month or more ago."""
    return bool((_UNSECURED.search(text) and not _LONG_AGO.search(text)) or _RECENT.search(text))


def unsecured(text: str) -> bool:
    """A door, lock or window that will not close or lock: the home cannot be secured."""
    return bool(_UNSECURED.search(text))


def past_only(clause: str) -> bool:
    """The clause dates its event in the past and says nothing about it going on now."""
    clause = _PLACE_PAST.sub(" ", clause)
    return bool(_PAST.search(clause)) and not _NOW.search(clause)


_PAST_RESOLVED = re.compile(r"\b(?:anymore|any more|no longer|gone|stopped|went away|cleared|fixed|ya no)\b")
# A standing hazard is told as an absence ("no guard anymore", "the detector is gone"): only a repair takes it back.
_STANDING_FIXED = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:(?:is |was |has been |have been |got |been )?(?:fixed|repaired|"
                             r"replaced|put back|reinstalled|installed|resolved))\b")
# "where the fan used to be" places a thing; it does not date the report.
_PLACE_PAST = re.compile(r"\bwhere (?:\w+ ){0,3}?used to be\b")
# A participle after a comma goes on with the clause before it ("raw sewage in 1A, spreading across the floor").
# ... and so does a clause that starts by pointing back ("propane tanks by the stairs, one of them hisses").
_CONTINUES = re.compile(r"^(?:and |now )?(?:one of them|some of them|they|it) (?!is\b|was\b|has\b)\w+s\b|"
                        r"^(?:and |now )?(?!(?:no|some|any|every)thing\b|ceiling\b|building\b|morning\b|evening\b|"
                        r"wiring\b|heating\b|plumbing\b|railing\b|flooring\b|lighting\b|parking\b)\w+ing\b")


# What failed in the past is still being used ("the cord melted into the outlet yesterday; she keeps using it"):
# the hazard goes on.
_STILL_IN_USE = re.compile(r"\b(?:keeps?|kept|still|continues? to|has to|have to|had to|must) (?:on )?(?:using|use|"
                           r"plugging|plug)\b|\bstill (?:in use|plugged in|on)\b")


def _negated_before(clause: str, start: int) -> bool:
    """A negator among the (up to 4) words before the cue, not crossing a conjunction. Words left in Arabic count
    as words ("not بيسكر والاهم انو القبو عم flooding": the "not" is the door's, five words back)."""
    words = re.findall(r"[^\W\d]+(?:'[a-z]+)?", clause[:start])
    for i in range(len(words) - 1, max(len(words) - 5, -1), -1):
        if words[i] in _BOUNDARIES:
            return False
        if words[i] in _NEGATORS and words[i + 1:i + 2] not in (["stop"], ["stopping"], ["quit"]):
            return True  # "will not stop leaking gas" goes on: not a negation
    return False


def _positive_hazard(clause: str) -> bool:
    """True when the clause states a hazard that is not negated."""
    for _, pattern in HAZARDS:
        for match in pattern.finditer(clause):
            if not (_negated_before(clause, match.start()) or _RESOLVED_AFTER.match(clause[match.end():])):
                return True
    return False


_FIXTURE_SPRAY = re.compile(r"\b(?:valve|shutoff_valve|faucet|tap|spigot|fitting|hose|showerhead|shower head|sprayer|"
                            r"supply line|joint)\b")
_VOLUME = re.compile(r"\beverywhere\b|\ball over\b|\bflood\w*|\bpour\w*|\bgush\w*|\bburst\w*|\b(?:can|will) not "
                     r"stop\b|\bceiling\b|\binch(?:es)?\b|\bsoak\w*|\bankle\b|\bdownstairs\b|\bhallway\b|"
                     r"\bshut ?off\b|\bshutoff_valve\b.*\b(?:find|broken|stuck)|\bwater main\b|\bwaterfall\b")


# A detector's low-battery chirp: a chirp or beep put down to the battery, not a new battery that did not stop it
_CHIRP = re.compile(r"chirp|beep|\bpita\w*|\bsuena cada\b|\bevery \d+ (?:seconds|minutes)\b")
_BATTERY_CAUSE = re.compile(r"\blow batt\w*|\blb\b|"
                            # ... or its end of life: "it says END", "7 years old"
                            r"\bsays? end\b|\bend on (?:the )?(?:\w+ )?(?:screen|display)\b|\bend[- ]of[- ]life\b|"
                            r"\beol\b|\b(?:\d{1,2}|seven|eight|nine|ten|eleven|twelve) (?:years?|yrs?) old\b|\baged\b|"
                            r"\b(?:probably|likely|must be|i think|i guess|guess|maybe|"
                            r"supongo que es|غالبا) (?:\w+ ){0,3}?(?:battery|bateria|batteries)\b|"
                            r"\bbatter(?:y|ies) (?:is |are )?(?:low|dying|dead)\b|"
                            r"\bfor (?:a|the|its) (?:new )?battery\b|"
                            r"\bbatter(?:y|ia) (?:icon|symbol|light|sign|warning)\b|"
                            r"\bicon\w* (?:de |of )?(?:the )?(?:low )?(?:batter\w*)|\bbateria baja\b|\bbaja bateria\b")
# (or the home's only detector has stopped working: "its the only one we have")
_BATTERY_RULED_OUT = re.compile(r"\bnew batter|\b(?:changed|replaced|put in) (?:the |new )?batter|\bnot the batter|"
                                r"\bthe only (?:one|alarm|detector)\b|\bonly (?:one|alarm|detector) we have\b")
_CO_EVIDENCE = re.compile(r"headache|dizz|nause|faint|drows|vomit|throwing up|sleepy|lightheaded|\bppm\b|"
                          r"\b(?:reads?|reading|shows?|showing|says?|display\w*) \d{2,4}\b")


# A request for an accessibility fitting not there yet ("grandma would like a grab bar next to the toilet"): an
# improvement asked for, no danger told, unless the fitting is said to be loose or someone fell
_FITTING_ASKED = re.compile(r"\b(?:would like|wants?|needs?|request\w*|asking for|quiere\w*|necesita\w*|se puede|"
                            r"(?:install|put in|add|mount)(?:ed)?)\b.{0,50}\b(?:grab ?bars?|grab rails?|hand ?rails?|"
                            r"railings?|ramp|shower (?:chair|seat)|raised toilet|barras? de apoyo|pasamanos|rampa)\b|"
                            r"\b(?:grab ?bars?|barras? de apoyo|hand ?rails?|pasamanos|ramp|rampa)\b.{0,40}\b"
                            r"(?:installed|put in|added|instal\w*)\b")
_FITTING_FAILED = re.compile(r"\bloose\b|came (?:off|out|loose)|\bfell\b|\bfall(?:en|ing)?\b|broken|ripped|wobbl\w*|"
                             r"pulled out|se cayo|suelt[ao]|rot[ao]|se movi\w*")


# a safety device due for its routine service ("the extinguisher has an expired tag"): a visit, not a danger now
_SERVICE_DUE = re.compile(r"\b(?:fire_equipment|extinguisher|extintor|sprinkler\w*|fire_alarm|smoke_detector)\b"
                          r"[^.;]{0,40}\b(?:expired|out of date|overdue|inspection|tag|due|recharg\w*|vencid\w*)\b")


# a bulb that burnt out: a replacement, whatever else the words suggest ("burnt", "dark tonight")
_BULB_OUT = re.compile(r"\b(?:light ?bulbs?|lightbulbs?|bulbs?)\b[^.;]{0,40}\b(?:burnt out|burned out|blown|dead|"
                       r"out)\b|"
                       r"\b(?:burnt|burned)[- ]out (?:light ?bulbs?|lightbulbs?|bulbs?)\b")


def routine_upkeep(text: str) -> bool:
    """A safety device due for its inspection or recharge, or a bulb burnt out, with no sign of fire or sparks."""
    return bool(_SERVICE_DUE.search(text) or _BULB_OUT.search(text)) and not re.search(
        r"\b(?:fire|flames?|smoke|smoking|burning|spark\w*|sizzl\w*|melt\w*|incendio|fell|fall\w*|"
        r"trip\w*)\b", text)


def fitting_asked(text: str) -> bool:
    """An accessibility fitting asked for, with nothing said to have failed: routine."""
    return bool(_FITTING_ASKED.search(text)) and not _FITTING_FAILED.search(text)


def low_battery(text: str) -> bool:
    """A detector chirping for its battery, with no reading and nobody unwell: routine."""
    return bool(_CHIRP.search(text) and _BATTERY_CAUSE.search(text)) and not _BATTERY_RULED_OUT.search(text) \
        and not _CO_EVIDENCE.search(text)


# No gas comes into the home at all: a rotten-egg or sulfur smell there is a drain's sewer gas, not a gas leak
_NO_GAS_SUPPLY = re.compile(r"\bno gas (?:\w+ )?(?:in|to|into) (?:the |this |our |my )?(?:building|house|home|unit|"
                            r"apartment|place)\b|\b(?:all|fully|100%)[- ]electric\b|\b(?:we|i) (?:do not|do n't) have "
                            r"gas\b|\bthere is no gas\b|\bno gas (?:lines?|service|hook ?up)\b")
_SMELL_ONLY_GAS = re.compile(r"rotten|sulfur|sulphur|strange|weird|funny|sweet|chemical|foul")
# A rotten-egg smell that comes with the water (well water, the hot tap): sulfur in the water or the heater's anode
_WATER_SMELLS = re.compile(r"\b(?:well water|(?:the )?water (?:has|smells|stinks)|"
                           r"(?:hot|cold) (?:water )?(?:tap|faucet)|"
                           r"from the (?:hot |cold )?(?:tap|faucet|shower ?head)|tap water)\b")
# Water deep in a shower, tub or sink that will not drain stays there: a clog, not a flood
_IN_A_FIXTURE = re.compile(r"\b(?:shower|tub|bathtub|sink|basin)\w*\W+(?:\w+\W+){0,3}?(?:will not|does not|not) drain")
_OUT_OF_IT = re.compile(r"\bfloor\b|\boverflow\w*|\bover the (?:edge|side|top|rim)\b|\bspill\w*|\bhallway\b|"
                        r"\beverywhere\b|\ball over\b|\bceiling\b|\bdownstairs\b|\bbelow\b|\bcarpet\b")
# "... this morning. i unplugged it, no smell since": a hazard told as over, however many clauses later
_NOT_SINCE = re.compile(r"\bno (?:more )?(?:smell|smoke|sparks?|sparking|burning|odou?r|fumes|noise|buzz\w*)"
                        r"\b(?: \w+){0,2}? since\b|\b(?:has|have|had) not (?:happened|come back|returned|smelled|"
                        r"sparked|done it) (?:\w+ )?since\b|\bnothing since\b")


# A break-in elsewhere (the laundry room, the garage) with the person's own home said to be fine and locked
_OWN_HOME_FINE = re.compile(r"\b(?:our|my|the) (?:own )?(?:apartment|unit|home|place|house|flat)(?: itself| door)? "
                            r"(?:is|was|are|were) (?:\w+ )?(?:fine|ok|okay|secure|locked|untouched|intact)\b|"
                            r"\bnot (?:mine|ours)\b")


# A smell or a noise put down to a harmless cause, checked: "it was the garbage bag", "is just the riser being
# refilled", "the super confirmed"
_EXPLAINED = re.compile(r"\b(?:is|was|are|were) (?:just|only|actually) (?:the|from)\b|"
                        r"\bturned out\b|"
                        r"\b(?:checked|looked|confirmed)\b.{0,20}\bit (?:was|is)\b|"
                        r"\b(?:super|landlord|plumber|technician|fire department|utility|gas company) "
                        r"(?:confirmed|checked|says|said)\b|"
                        # ... or to cooking nearby, the same every day
                        r"\b(?:is|was|comes|came) from (?:the |a )?(?:bakery|restaurant|cafe|diner|pizzeria|takeout|"
                        r"cooking)\b|\blike that every (?:morning|day|night|evening)\b|"
                        # "i thought water was running near my outlet, but it's just condensation", "it was a scented
                        # candle"
                        r"\bi (?:thought|was sure|was afraid)\b.{0,80}\bbut\b|\bit(?:'s| is| was) (?:just|only)\b|"
                        r"\bit was (?:a|an|the) (?:\w+ )?(?:candle|incense|toast|steam|dust|neighbou?r'?s \w+)\b|"
                        # "a little zap from the light switch, just static from the carpet"
                        r"\b(?:just|only|probably|must be) (?:\w+ )?static\b")
# A danger in someone else's building ("my friend's building had a gas leak", "my sister in another building")
_ELSEWHERE = re.compile(r"\b(?:friend|sister|brother|cousin|aunt|uncle|coworker|colleague|boss)'?s? (?:\w+ )?"
                        r"(?:building|place|apartment|house|flat)\b|\b(?:another|a different|a separate|other) "
                        r"building\b|\bbuilding (?:ثاني|اخر|آخر)|\botro edificio\b|\bin (?:building|مبنى) (?:ثاني|اخر)|"
                        r"\bnot (?:in )?(?:our|my|this) building\b|\b(?:on|across) the street\b")
_HERE = re.compile(r"\b(?:our|here|separately|meanwhile|aqui|nuestro|my|mi|هنا)\b|عندنا|هنا")
# A smoke alarm set off by toast, cooking or a shower's steam: a nuisance alarm, not a fire
_NUISANCE_ALARM = re.compile(r"\b(?:went|goes|go|going|set) off\b.{0,30}"
                             r"\b(?:when|whenever|every time|each time)\b.{0,30}"
                             r"\b(?:toast\w*|shower\w*|steam\w*|popcorn|cook\w*|fry\w*|bak(?:e|es|ing)|sear\w*|"
                             r"cocin\w*|يطبخ|نطبخ|الطبخ)")
# ... unless the alarm was taken away for it: a home without a working smoke alarm is no nuisance
_ALARM_REMOVED = re.compile(r"\b(?:took|taken|take|pulled|ripped|tore|torn)\b[^.;]{0,25}\b(?:down|off|out)\b|"
                            r"\b(?:removed|disabled|disconnected|unplugged)\b|\bnever put (?:it |them )?back\b")
# A hazard that had stopped and is back: "it stopped, now it's going off again"
_BACK_AGAIN = re.compile(r"\b(?:going|went|goes) off again\b|\b(?:came|coming|is) back\b|\bstarted (?:up )?again\b|"
                         r"\bagain now\b|\bnow (?:it'?s |it is )?(?:\w+ ){0,2}again\b")


_SMELL = re.compile(r"smell|odou?r|stink|olor")
_FIRE_OUT = re.compile(r"\b(?:was|were|got|been) put out\b|\bwent out\b|\bextinguished\b|\bse apago\b")


def _sentence(text: str, clause: str) -> str:
    return next((s for s in re.split(r"(?<=[.!?؟])\s+", text) if clause in s), clause)


def _vetoed(hazard: str, cue: str, clause: str, text: str) -> bool:
    """A cue the rest of the message rules out: sewer gas where no gas comes in, water held in a tub, a smell
    checked and explained, a danger in someone else's building, a smoke alarm set off by toast."""
    if hazard == "gas" and _NO_GAS_SUPPLY.search(text) and _SMELL_ONLY_GAS.search(cue):
        return True
    if hazard == "gas" and _SMELL_ONLY_GAS.search(cue) and _WATER_SMELLS.search(_sentence(text, clause)):
        return True
    sentence = _sentence(text, clause)
    after = text[text.find(sentence) + len(sentence):] if sentence in text else ""
    told = sentence + " " + re.split(r"(?<=[.!?؟])\s+", after.strip())[0]  # and the sentence after it
    if hazard in ("gas", "fire", "flood", "electrical", "boiler") and _EXPLAINED.search(told) \
            and not _ONGOING.search(told):
        return True
    elsewhere = _ELSEWHERE.search(sentence)
    if hazard in ("gas", "fire", "flood", "co", "electrical") and elsewhere \
            and (_HERE.search(text.replace(sentence, " ")) or _HERE.search(sentence[elsewhere.end():])):
        return True
    if hazard == "fire" and "alarm" in cue and _NUISANCE_ALARM.search(text) and not _ALARM_REMOVED.search(text):
        return True
    if hazard == "fire" and _SMELL.search(clause) and _FIRE_OUT.search(text) and _LONG_AGO.search(text):
        return True  # a smell of smoke left by a fire put out weeks ago: its trace, not a fire
    return hazard == "flood" and bool(_IN_A_FIXTURE.search(clause) or _IN_A_FIXTURE.search(text)) \
        and not _OUT_OF_IT.search(text) and not re.search(r"burst|pipe|ceiling|pour|gush", cue)


def _hazard_hits(text: str) -> tuple[list[Signal], list[str], list[str]]:
    """P0 hazard signals, plus the hazards that were mentioned but negated, and those reported as resolved."""
    signals: list[Signal] = []
    negated: list[str] = []
    resolved: list[str] = []
    parts = clauses(text)
    offset = 0
    for index, clause in enumerate(parts):
        position = text.find(clause, offset)
        offset = max(offset, position)
        nxt = parts[index + 1] if index + 1 < len(parts) else ""
        found = [(h, p) for h, p, needs in CONDITIONAL_HAZARDS if needs.search(text)]
        continues = bool(nxt) and bool(_CONTINUES.match(nxt)) and not _NEGATORS & set(re.findall(r"[a-z_']+", nxt))
        scope = f"{clause}, {nxt}" if continues else clause
        for hazard, pattern in (*HAZARDS, *found):
            if hazard == "fire" and re.search(rf"\b(?:{_FIRE_EXCLUDE})\b", clause) and not _FIRE_SAID.search(clause):
                if pattern.search(clause):
                    negated.append("fire")  # cigarette smoke, a grill: the cue was seen and ruled out
                continue
            for match in pattern.finditer(scope):
                if match.start() >= len(clause):
                    break  # the next clause's own cue is judged with that clause
                if hazard == "co" and low_battery(text):
                    continue  # a low-battery beep ("it says LB"), with no reading and nobody unwell: not an alarm
                if _vetoed(hazard, match.group(0), clause, text):
                    negated.append(hazard)
                    continue
                after = clause[match.end():]
                taken_back = (_STANDING_FIXED if hazard in STANDING else _RESOLVED_AFTER).match(after)
                if hazard == "break_in" and taken_back and "gone" in taken_back.group(0):
                    taken_back = None  # after a break-in, "the tv is gone" was stolen, not a danger that passed
                if _negated_before(clause, match.start()) or taken_back:
                    negated.append(hazard)
                    if _PAST_RESOLVED.search(clause):
                        resolved.append(hazard)
                    continue
                back = bool(_BACK_AGAIN.search(text, position + match.end()))  # "it stopped, now it's going off again"
                if nxt and _RESOLVED_CLAUSE.search(nxt) and not _positive_hazard(nxt) and not _AWAY_RELIEF.search(nxt) \
                        and not (hazard == "trapped" and not _FREED.search(text, position)) and not back:
                    # "I smelled gas earlier, but it is gone now": the next clause takes it back.
                    negated.append(hazard)
                    resolved.append(hazard)
                    continue
                if hazard not in STANDING and not back and (dealt_with(text) or (
                        _NOT_SINCE.search(text, position + match.end()) and not _ONGOING.search(text))):
                    resolved.append(hazard)
                    continue
                if hazard == "break_in" and (failed_attempt(text) or _OWN_HOME_FINE.search(text)):
                    resolved.append(hazard)  # checked below: P1 while the home cannot be secured, else P2
                    continue
                if past_only(clause) and hazard not in STANDING and not (hazard == "break_in" and still_unsafe(text)) \
                        and not _STILL_IN_USE.search(text, position):
                    # Told in the past ("someone tried to get in last month"): it needs a check, not a rescue;
                    # a break-in that left the home unsecured, or an attempt of last night, is not past yet.
                    resolved.append(hazard)
                    continue
                if hazard == "flood" and "spray" in match.group(0) and _FIXTURE_SPRAY.search(clause) \
                        and not _VOLUME.search(text):
                    signals.append(Signal("spray_leak", "plumbing", "P1", position + match.start()))
                    break
                signals.append(Signal(f"hazard:{hazard}", "emergency", "P0", position + match.start(), hazard))
                break
    return signals, negated, resolved


# --- context that can sit anywhere in the message ---
_TEMP_STRICT = re.compile(
    r"(?<!\bapt )(?<!\bunit )(?<!\bin )(?<!#)"  # "apt 2f", "radiators cold in 5c": a flat, not a temperature
    r"(-?\d{1,3}(?:\.\d)?)\s*(?:(?:deg(?:ree)?s?|grados)\s*(f|c|fahrenheit|celsius)?|(f|c)\b)"
    r"|(-?\d{1,3})\s+(?:out|outside|inside|in here|fuera|afuera|dentro|adentro|at night|overnight)\b"
    r"|\b(?:it is|its|about|around)(?: been| getting| going)? (-?\d{1,3})\b"
    r"(?! (?:days?|nights?|hours?|weeks?|months?|years?|yrs?|minutes?|floors?|am|pm|times?))"
    r"|\b(?:outside|inside|indoors|in here|hit|hits|drop to|drops to|get down to|going down to|low of|lows of|"
    r"down to)\s+(?:is\s+|reads\s+|at\s+|about\s+|around\s+)?(-?\d{1,3})\b"
    r"(?!\s*(?:deg|c\b|f\b|days?|hours?|weeks?|minutes?|floors?|am|pm|times?|%))"
    # a forecast: "it's supposed to be 29 tonight", "going to drop to 25"
    r"|\b(?:supposed|going|expected|forecast(?:ed)?|gonna) (?:to )?(?:be|hit|drop to|get down to|go down to|reach) "
    r"(?:about |around )?(-?\d{1,3})\b(?!\s*(?:deg|c\b|f\b|days?|hours?|weeks?|minutes?|floors?|am|pm|times?|%))"
)
_FREEZING = re.compile(
    r"\bfreez(?:ing|e)\b|\bfrigid\b|\bfrozen\b|\bbelow (?:zero|freezing)\b|\bsub ?zero\b|\bsnow\w*|\bblizzard\b|"
    r"\bicy\b|\bpolar vortex\b|\bsingle digits\b|\b(?:dead|middle) of winter\b|\bsee (?:my|our) breath\b|"
    r"\bhela(?:d|nd)\w*|\bcongel\w*|\b(?:mucho|muchisimo|tanto) frio\b|\bbajo cero\b|"
    r"\bin the (?:teens|20s|twenties)\b"
)
_HOT = re.compile(
    r"\bheat_wave\b|\bswelter\w*|\bscorching\b|\bboiling\b|\bunbearabl\w*|\bextreme heat\b|\b(?:so|really|very|"
    r"super|extremely|unbearably|dangerously) hot\b|\bhot very\b|\bmucho calor\b|\bheat stroke\b|\bheatstroke\b"
)
_VULNERABLE = re.compile(
    r"\belderly\b|\bsenior\b|\bbaby\b|\binfant\b|\bnewborn\b|\btoddler\b|\bpregnan\w*|\bdisab\w*|\bwheelchair\b|"
    r"\bmedical\b|\basthma\w*|\bdiabet\w*|\boxygen\b|\bheart condition\b|\bbad (?:knee|hip|back|leg)\b|\bcrutches\b|"
    r"\bchemo\w*|\bimmuno\w*|\b(?:is|am|are) (?:sick|ill)\b|\bhandicap\w*|\b(?:in her|in his|in their) (?:80s|90s)|"
    r"\b(?:[7-9]\d|1[01]\d)[ -]?(?:years?|yrs?|yo|anos)\b|"
    # "she is 84", not "it is 70 outside"
    r"\b(?:age|aged|(?<!it )(?<!temp )(?<!temperature )(?<!outside )(?<!inside )(?<!weather )(?<!thermostat )"
    r"(?<!apartment )(?<!bedroom )(?<!room )(?<!place )(?<!unit )(?<!house )(?<!home )is|"
    r"she is|he is|i am|we are) (?:[7-9]\d|1[01]\d)\b"
    r"(?! ?(?:deg|f\b|outside|out\b|inside|in here))|"
    r"\bgrand(?:mother|father|ma|pa|parents?)\b|\babuel\w*|\banciano\w*|\bmayor\b|"
    r"\bbebe\b|\bsick\b|\b(?:young|small|little) (?:children|kids?)\b|\bninos pequenos\b|"
    r"\b\d{1,2}[- ](?:weeks?|wks?|months?|mos?)[- ]old\b|"
    # "my two year old is coughing": a small child, not a two-year-old fridge
    r"\b(?:one|two|three|four|[1-4])[- ](?:years?|yrs?)[- ]old(?:s|\b(?= (?:son|daughter|kid|child|boy|girl|is|has|was|"
    r"keeps|can|will)\b))"
)


# "elderly? no, we are in our 30s", "no kids here": the person named is not there
_ABSENT_BEFORE = re.compile(r"\b(?:no|not|nobody|none|neither)\W+$")
_ABSENT_AFTER = re.compile(r"\W*\?\W*(?:no|nope|none|not really)\b")


# Someone already suffering from the heat or the cold: exposure, not discomfort.
_DISTRESS = re.compile(
    r"\b(?:can not|cannot|struggling to|hard to|trouble) breath\w*|\bnot (?:feeding|eating|drinking|waking)\b|"
    r"\bdizz\w*|\bfaint\w*|\bvomit\w*|\bconfus\w*|\bletharg\w*|\bunresponsive\b|\bsweat\w* (?:a lot|heavily|badly)|"
    r"\bheat ?stroke\b|\bflushed\b|\b(?:no|not had a|has not had a|had no) wet diapers?\b|"
    r"\b(?:really|very|so|unusually|too) (?:sleepy|drowsy)\b|"
    r"\bshiver\w*|\bblue lips\b|\bhypotherm\w*|\b(?:gone|going|went|are|is|feel\w*) numb\b|\bfrostbit\w*|"
    r"\bnot respond\w*|\bdoes not answer\b|\bnot answer\w* the door\b|"
    r"\bno contesta\b|\bunwell\b|\bexhausted\b|\bmarea(?:do|da|dos|das)\b|\bdesmay\w*|\bcollaps\w*|"
    r"\bpassed out\b|\b(?:found|is|was|very|so) weak\b|\bon the floor\b(?=.*\b(?:found|fell|lying|weak)\b)"
)


# Heat that endangers the frail even before symptoms show: an official heat wave or advisory, 95 °F or more.
_EXTREME_HEAT = re.compile(r"\bheat_wave\b|\bdangerous(?:ly)? (?:heat|hot)\b|\bextreme heat\b|"
                           r"\bheat (?:advisory|warning|emergency)\b|\bola de calor\b")
_COOLING = re.compile(r"\b(?:ac|a/c|air ?con\w*|air conditioner|cooling|aire acondicionado|aire|no enfria|enfriar|"
                      r"mini split|ptac)\b")


def temperatures_f(text: str, *, forecast: bool = True) -> list[float]:
    """Temperatures stated in the message, in Fahrenheit. A bare number with 'degrees' is Fahrenheit, except
    30-50 in a message about cooling (nobody needs the AC at 36 °F) and "grados" (Celsius where Spanish is spoken).
    Without `forecast`, only temperatures said of now (not "supposed to be 99 tomorrow")."""
    found: list[float] = []
    cooling = bool(_COOLING.search(text))
    for match in _TEMP_STRICT.finditer(text):
        if match.group(7) and not forecast:
            continue
        number = match.group(1) or match.group(4) or match.group(5) or match.group(6) or match.group(7)
        stated = match.group(2) or match.group(3)
        if number is None:
            continue
        value = float(number)
        # "grados" is Celsius where Spanish is spoken (the Arabic reader writes "degrees celsius" itself)
        spanish = "grados" in match.group(0)
        unit = stated[0] if stated else ("c" if spanish or (cooling and 30 <= value <= 50) else "f")
        found.append(value * 9 / 5 + 32 if unit == "c" else value)
    return found


_WHOLE_HEAT = re.compile(r"\b(?:boiler|furnace|heating system|central heat\w*|whole (?:apartment|unit|place|house|"
                         r"building)|entire (?:apartment|unit|place|house|building)|no heat anywhere)\b")
# Seeing one's breath indoors means the room is near freezing, whatever else is said (about 45 °F or less).
_BREATH = re.compile(r"\bsee (?:my|our|your|their|his|her) (?:own )?breath\b|\bveo (?:mi )?aliento\b|"
                     r"\bse (?:me )?ve (?:el|mi) (?:vaho|aliento)\b")
# Heat that stops with the power: a plug-in or electric heater, baseboards, a heat pump.
_ELECTRIC_HEAT = re.compile(r"\b(?:electric|space|plug[ -]?in|portable|oil[ -]filled) "
                            r"(?:heaters?|heating|heat|radiators?)\b|"
                            r"\bbaseboard (?:heat\w*|heaters?)\b|\bheat pump\b|\bcalefactor(?:es)? electric\w*\b|"
                            r"\bestufa electrica\b")
_PARTIAL_HEAT = re.compile(
    r"\b(?:one|a|the|my|our|kids?|back|front|master|second|spare|guest|baby'?s?|son'?s?|daughter'?s?) "
    r"(?:\w+ )?(?:bedroom|room)\b|\b(?:one|a) (?:of the )?radiator\b|\b(?:rest of|other rooms?|other parts? of)\b|"
    r"\bonly (?:one|the)\b"
)
_INDOOR = re.compile(
    # "50 inside", but not the outside figure in "45 outside, 60 inside" or "outside is 45, inside 58"
    r"(-?\d{1,3})\s*(?:deg\w*|f\b)?\W+(?:(?!out\w*\b|\d)\w+\W+){0,2}?(?:inside|in here|indoors|"
    r"in (?:the|my|our) (?:(?:kids'?|baby'?s?|living|front|back|master|main) )?(?:apartment|apt|unit|house|home|flat|"
    r"room|bedroom|place|kitchen|bathroom))"
    r"(?!\W+(?:\w+\W+)?\d(?!\d*\s*(?:deg\w*|f\b)?\W*(?:outside|out\b|outdoors)(?!\W+\d)))"
    r"|\b(?:inside|in here|indoors|thermostat (?:says|reads|shows)|thermometer (?:says|reads|shows))\W+"
    # ("inside, 52 outside": 52 is the outside figure)
    r"(?:[^\W\d]\w*\W+){0,3}?(-?\d{1,3})\b(?!\s*(?:deg\w*|f\b)?\W*(?:outside|out\b|outdoors)(?!\W+\d))"
    r"|\b(?:apartment|unit|room|bedroom|place) is (?:at |down to |only )?(-?\d{1,3})(?:\s*(?:deg\w*|f))?\b"
    # "home cold a lot 49 degrees fahrenheit": the home's own cold, with its degrees
    r"|\b(?:home|house|apartment|flat|unit|room|bedroom|place) (?:is )?(?:(?:cold|freezing|very|so|really|a lot|"
    r"only|at|down to|like|about)\W+){1,3}(-?\d{1,3})\s*deg\w*"
)


# Heating the home with the oven or the gas stove: a carbon-monoxide and fire risk on top of the cold
_OVEN_FOR_HEAT = re.compile(r"\b(?:oven|stove|burners?|horno|estufa|hornillas?)\b[^.!?]{0,40}\b(?:to (?:stay |keep )?"
                            r"(?:warm|heat)|for (?:heat|warmth)|para (?:calentar|calentarnos|el fr[ií]o))|"
                            r"\b(?:heat|warm)(?:ing)? (?:the|our|my) (?:home|apartment|apt|place|kitchen|room|house|"
                            r"flat) with the (?:oven|stove)\b|(?:الفرن|البوتاجاز)[^.!?]{0,30}(?:للتدفئة|ندفي)")


def indoor_temperatures_f(text: str) -> list[float]:
    """Temperatures the message gives for indoors ("it is 50 inside", "thermostat says 52"), in Fahrenheit."""
    return [float(next(g for g in m.groups() if g)) for m in _INDOOR.finditer(text)]


def _cue(pattern: re.Pattern[str], text: str) -> bool:
    """A context cue that is not negated in its clause ("not freezing" is no freezing cue)."""
    for clause in clauses(text):
        for match in pattern.finditer(clause):
            if not _negated_before(clause, match.start()):
                return True
    return False


# Freezing weather: at or below 32 °F. In the blind train reports, no heat at 33-40 °F outside was labelled P1 (4 of 4)
# and at or below 32 °F P0 (8 of 9); a month name or "winter" alone said nothing either way, so they are no cue.
FREEZING_F = 32.0


def context(text: str) -> dict[str, bool]:
    """Message-wide context: freezing weather, heat, vulnerable people, 'no rush'."""
    temps = temperatures_f(text)
    # "it's freezing in here lol, thermostat says 67": a stated warm indoor reading outweighs the word
    warm_inside = any(t >= 60 for t in indoor_temperatures_f(text))
    return {
        "freezing": (_cue(_FREEZING, text) and not warm_inside) or any(t <= FREEZING_F for t in temps),
        "hot": _cue(_HOT, text) or any(t >= 86 for t in temps),
        "vulnerable": any(not _ABSENT_BEFORE.search(text[:m.start()]) and not _ABSENT_AFTER.match(text[m.end():])
                          for m in _VULNERABLE.finditer(text)),
        "distress": bool(_DISTRESS.search(text)),
        "no_rush": "no_rush" in text,
    }


# --- everyday issues (P1/P2): (name, category, priority, pattern); the first match of each rule counts ---
_BROKEN = (r"not (?:work\w*|turn\w* on|com\w* on|start\w*|running|function\w*|heat\w*|cool\w*|blow\w*)|broke\w*|"
           r"busted|dead|died|stopped|out of order|out\b|down\b|failed|quit|off\b|malfunction\w*|will not|does not|"
           r"is not|no longer work\w*|keeps? (?:shutting|turning) off|kaput|gone out")
_NO_HAVE = r"\b(?:do|does|did|have|has) not (?:have|get|got|had) (?:any )?"
_HVAC_DEVICE = (r"steam\w*|ac|heat|heating|heater|radiators?|boiler|furnace|hvac|heat pump|ptac|mini split|thermostat|"
                r"vents?")
_INNER = (r"(?<!mailbox )(?<!mail box )(?<!privacy )(?<!bathroom )(?<!bedroom )(?<!closet )(?<!cabinet )"
          r"(?<!locker )(?<!medicine cabinet )(?<!wardrobe )")
RULES: tuple[tuple[str, str, str, re.Pattern[str]], ...] = (
    ("no_heat", "hvac", "P1", _rx(
        r"\bno (?:radiator |central |steam |baseboard )?(?:heat|heating|calefaccion)\b",
        rf"{_NO_HAVE}(?:heat|heating)\b", r"\bsin (?:calefaccion|calor)\b",
        r"\bno (?:hay|tengo|tenemos|funciona (?:la )?) ?calefaccion\b", r"\bcalefaccion no funciona\b",
        r"\bno (?:sirve|funciona|prende|jala)\w* (?:la |el )?(?:heat|heating|calefaccion|calentador|boiler)\b",
        rf"\b(?:heat|heating|radiators?|boiler|furnace|heater|calefaccion)\W+(?:\w+\W+){{0,4}}?(?:{_BROKEN}|cold)",
        r"\b(?:heat|heating)\W+(?:\w+\W+){0,3}?(?:out|off|never came on|not on|shut off)\b",
        r"\b(?:apartment|unit|place|room|home|house|bedroom|it) is (?:so |very |really |super |ice )?(?:cold|"
        r"freezing|frigid)\b",
        r"\b(?:radiators?|heat|heater) (?:is |are )?(?:ice )?cold\b",
        # "the radiator in the baby's room is stone cold", "one radiator never gets hot"
        r"\bradiators?\W+(?:\w+\W+){0,7}?(?:stone|ice|freezing) cold\b",
        r"\bradiators?\W+(?:\w+\W+){0,6}?(?:never|does not|do not|will not) (?:gets?|heats?|warms?|comes?) "
        r"(?:up |on )?(?:hot|warm|on|up)?\b",
        # too little heat is no heat under the housing code: "radiators have been barely warm since wednesday"
        r"\b(?:radiators?|heat|heating|heater|boiler)\W+(?:\w+\W+){0,6}?(?:barely|hardly|lukewarm|luke warm|"
        r"not (?:warm|hot) enough|only (?:a little|slightly) warm)\b",
        r"\binsufficient (?:heat|heating)\b",
        # a steam riser or a radiator that stays cold, or only gurgles: that room has no heat
        r"\b(?:riser|radiator)s?\W+(?:\w+\W+){0,5}?(?:stays?|stayed|is|are|still|remains?) (?:stone |ice )?cold\b",
    )),
    ("ac_out", "hvac", "P2", _rx(
        rf"\b(?:ac|cooling|central air)\W+(?:\w+\W+){{0,5}}?(?:{_BROKEN}|warm|hot air|blowing (?:warm|hot))",
        r"\bno (?:ac|cooling|central air|air)\b",
        r"\b(?:ac|aire)\W+(?:\w+\W+){0,5}?(?:no (?:enfria|funciona|sirve|prende)|sin funcionar)\b|\bno enfria\b",
    )),
    ("no_hot_water", "plumbing", "P1", _rx(
        r"\bno (?:more )?hot_water\b", r"\bsin hot_water\b", r"\bno hay hot_water\b", rf"{_NO_HAVE}hot_water\b",
        rf"\b(?:hot_water|water_heater)\W+(?:\w+\W+){{0,3}}?(?:{_BROKEN}|gone|cold|lukewarm)",
        r"\bonly cold\b", r"\b(?:water|shower) (?:is |stays |runs |comes out )(?:ice |freezing |ice-)?cold\b",
        r"\bscalding\b",
    )),
    ("no_water", "plumbing", "P1", _rx(
        r"\bno (?:running )?water\b", rf"{_NO_HAVE}(?:running )?water\b",
        r"\b(?:nobody|no one|none of us)\W+(?:\w+\W+){0,5}?(?:has|have|had|got|gets|is getting) (?:had |got )?(?:any )?"
        r"(?:running )?water\b",
        r"\b(?:no|not)\W+(?:\w+\W+){0,2}?(?:single )?drop of (?:running )?water\b", r"\bni una gota\b",
        r"\b(?:hiss|sputter|gurgle|cough|spit)\w* (?:and |then )nothing\b", r"\bnothing (?:comes?|came) out\b",
        r"\bwater (?:is |has been |was )?(?:shut |turned )?off\b",
        r"\bwater(?:'s| has| is| was)? (?:been )?(?:completely |totally |fully )?(?:shut|turned|cut) off\b",
        r"\bsin agua\b", r"\bno hay agua\b", r"\bno sale (?:nada de )?agua\b", r"\bfrozen pipes?\b",
        r"\bpipes? (?:are |is )?frozen\b",
    )),
    ("toilet_out", "plumbing", "P1", _rx(
        r"\btoilet\W+(?:\w+\W+){0,5}?(?:not|will not|does not|can not|no longer) flush",
        r"\b(?:not|will not|does not|can not) flush", r"\btoilet\W+(?:\w+\W+){0,3}?(?:clog\w*|blocked|backed up|"
        r"backing up|overflow\w*)", r"\btoilet (?:is |was )?(?:broken|broke)\b", r"\bclog\w* toilet",
    )),
    ("sewage", "plumbing", "P1", _rx(
        r"\bsewage\b|\bsewer\b|\baguas negras\b",
        r"\b(?:drain|tub|shower|sink|basin|toilet)\w*\W+(?:\w+\W+){0,3}?back(?:ed|ing|s)? up",
        # "the toilet gurgles when it does, something is backing up": a drain line backing up, by its signs
        r"\bgurgl\w*\b.{0,60}\bback(?:ed|ing|s)? up\b", r"\bsomething (?:is |was )?back(?:ed|ing) up\b",
    )),
    # a pump that keeps the basement dry or brings the water in has stopped: the flood or the dry taps are a rain or a
    # day away ("sump pump stopped running, basement still dry but rain sunday")
    ("pump_out", "plumbing", "P1", _rx(
        r"\b(?:sump|well|ejector|sewage) pump\W+(?:\w+\W+){0,4}?(?:stopped|quit|died|dead|failed|broke\w*|"
        r"not (?:running|working|turning on|kicking on|coming on)|will not (?:run|turn on|kick on|start)|"
        r"does not (?:run|turn on|kick on))",
        r"\bbomba (?:de sumidero|del sotano|del pozo|de pozo)\W+(?:\w+\W+){0,3}?(?:dejo de funcionar|no funciona|"
        r"no prende|se (?:murio|descompuso|apago))",
    )),
    ("no_cooking", "general", "P1", _rx(
        r"\b(?:can not|unable to|no way to|not able to|could not) cook\b",
        r"\bno (?:podemos|puedo|puede|pueden|se puede) cocinar\b|\bsin (?:poder )?cocinar\b",
        r"\b(?:stove|oven|range|cooktop|burners|hob)\w*\W+(?:\w+\W+){0,4}?(?:completely dead|totally dead|"
        r"(?:will|does|do) not (?:turn on|work|light|heat)\W+(?:\w+\W+){0,1}?at all|not working at all|"
        r"all dead|none of (?:them|the burners) work)",
        r"\b(?:all|none of) (?:the |four |4 |my )?burners\b(?! work)",
    )),
    ("entry_door", "general", "P1", _rx(
        r"(?<!cabinet )(?<!closet )(?<!cupboard )(?<!shower )(?<!oven )(?<!dishwasher )(?<!fridge )"
        r"\bdoors?\W+(?:\w+\W+){0,5}?off (?:its |it is |the |their )?hinges?",
    )),
    ("locked_out", "general", "P1", _rx(r"\blocked out\b", r"\block(?:ed)? myself out\b",
                                        r"\b(?:lost|forgot) (?:my |the )?keys?\b")),
    ("lock_broken", "general", "P1", _rx(
        # (an inner door's lock, a mailbox's or a cabinet's, keeps nobody out: routine)
        _INNER + r"\blocks?\W+(?:\w+\W+){0,3}?(?:broke\w*|jammed|stuck|spin\w*|will not|does not|"
        r"is not|not work\w*|loose|"
        r"busted|missing)", r"\b(?:can not|will not|does not|unable to|could not) (?:lock|latch)\b",
        r"\bkeys?\W+(?:\w+\W+){0,3}?(?:spins|just spins|stuck|will not turn|does not turn|broke\w*)",
        _INNER + r"\bdoor\W+(?:\w+\W+){0,4}?(?:will not|does not|can not|not) (?:lock|close|latch|shut)",
        r"\b(?:front|entrance|building|lobby) door(?! ?(?:buzzer|bell|intercom|camera|mat|sign))"
        r"\W+(?:\w+\W+){0,3}?(?:broke\w*|open|not clos\w*)",
        r"\bwindow\W+(?:\w+\W+){0,3}?(?:will not|does not|can not) (?:lock|close)",
        r"\b(?:dead ?bolt|bolt|latch)s?\W+(?:\w+\W+){0,4}?(?:broke\w*|jammed|stuck|will not|does not|not work\w*)",
        r"\bno (?:podemos|puedo|puede|se puede) cerrar\b|\bno cierra (?:con llave|bien)\b|"
        r"\bcerradura\w*\W+(?:\w+\W+){0,3}?(?:rota|no funciona|atascad\w*|no sirve)|"
        r"\bse (?:rompio|trabo) (?:la |el )?(?:manija|cerradura|chapa|pestillo)\b",
    )),
    ("window_broken", "general", "P1", _rx(
        r"\bwindow\w*\W+(?:\w+\W+){0,5}?(?:broke\w*|shatter\w*|smash\w*|cracked|fell out)",
        r"\b(?:broken|shattered|smashed) (?:\w+ )?window",
    )),
    ("fridge_out", "general", "P1", _rx(
        rf"\b(?:fridge|refrigerator|fridge_freezer|nevera|refrigerador)\W+(?:\w+\W+){{0,3}}?(?:{_BROKEN}|warm|"
        r"not cold|not cooling|leak\w*)",
    )),
    ("elevator_out", "general", "P1", _rx(
        rf"\belevators?\W+(?:\w+\W+){{0,3}}?(?:{_BROKEN}|stuck|been out)", r"\bno elevator\b",
    )),
    ("power_out", "general", "P1", _rx(
        r"\bno (?:power|electricity|luz)\b", rf"{_NO_HAVE}(?:power|electricity)\b",
        r"\b(?:power|electricity)\W+(?:\w+\W+){0,2}?(?:out|off|went out|"
        r"outage|cut)\b", r"\blost power\b", r"\bblackout\b", r"\boutage\b", r"\bsin luz\b",
        r"\ball (?:the |my )?lights (?:went|are|have gone) out\b", r"\bse (?:fue|corto) la (?:luz|electricidad)\b",
        r"\bno (?:hay|tenemos|tengo) (?:luz|electricidad)\b",
    )),
    ("alarm_device", "general", "P1", _rx(r"\b(?:co_alarm|smoke_alarm)\b")),
    ("floor_hole", "general", "P1", _rx(r"\bhole in (?:the |my )?(?:floor|ceiling|stairs?)\b",
                                        r"\b(?:ceiling|floor)\W+(?:\w+\W+){0,2}?(?:sagg\w*|bulg\w*|buckl\w*)")),
    ("gas_supply", "general", "P1", _rx(r"\bno gas\b(?! smell| odou?r| leak)",
                                           r"\bgas (?:is |was |has been )?(?:shut |turned )?off\b",
                                           r"\b(?:quitaron|cortaron|apagaron|cerraron) el gas\b|\bsin gas\b")),
    ("heat_too_high", "hvac", "P2", _rx(
        r"\b(?:heat|radiators?|heating)\W+(?:\w+\W+){0,3}?(?:too (?:high|hot|much)|will not (?:turn|shut) off|"
        r"always on|blasting|stuck on)", r"\b(?:too hot|overheat\w*)\W+(?:\w+\W+){0,3}?(?:radiator|heat)",
    )),
    ("clog", "plumbing", "P2", _rx(
        r"\bclog\w*", r"\bblocked (?:drain|sink|tub|shower)", r"\b(?:drain|sink|tub|shower|bathtub)\w*\W+(?:\w+\W+)"
        r"{0,3}?(?:slow|not draining|will not drain|does not drain|backed up|blocked|stopped up)",
        r"\bslow drain", r"\bstanding water\b", r"\btapad\w*",
    )),
    ("toilet_minor", "plumbing", "P2", _rx(
        r"\btoilet\W+(?:\w+\W+){0,4}?(?:run\w*|wobbl\w*|loose|rocks|seat|handle|tank|cracked|hiss\w*|weak)",
    )),
    ("water_pressure", "plumbing", "P2", _rx(r"\b(?:low|weak|no) (?:water )?pressure\b",
                                             r"\bwater pressure\b")),
    ("hvac_noise", "hvac", "P2", _rx(
        rf"\b(?:{_HVAC_DEVICE}|fan|exhaust fan|duct\w*|ventilation)\W+(?:\w+\W+){{0,4}}?(?:clank\w*|bang\w*|"
        r"knock\w*|hiss\w*|rattl\w*|loud|nois\w*|grind\w*|squeak\w*|whistl\w*|buzz\w*|vibrat\w*|hum\w*)",
    )),
    ("pests", "general", "P2", _rx(
        r"\bmice\b|\bmouse\b|\brats?\b|\broach\w*|\bcockroach\w*|\bbed ?bugs?\b|\bbugs\b|\bants\b|\btermites?\b|"
        r"\bpests?\b|\binfest\w*|\bdroppings\b|\bvermin\b|\bcucarachas?\b|\bratones?\b|\bratas?\b|\bfleas\b|"
        r"\bsilverfish\b|\bwasps?\b|\bhornets?\b|\bpigeons?\b|\bsquirrels?\b|\braccoons?\b|\bchinches\b|"
        r"\bpulgas\b",
    )),
    ("mold", "general", "P2", _rx(r"\bmold\w*|\bmildew\b|\bmoho\b|\bhongos\b")),
)

# Objects that decide the category when only a generic symptom (a leak, "broken") is found.
OBJECTS: tuple[tuple[str, str], ...] = (
    (rf"\b(?:{_HVAC_DEVICE}|fan|exhaust fan|duct\w*|ventilation|air flow|airflow)\b", "hvac"),
    (r"\b(?:toilet|sink|faucet|tap|pipes?|drain|shower\w*|tub|bathtub|water_heater|hot_water|plumbing|sewage|"
     r"sewer|bidet|urinal|garbage disposal|disposal|water|leak\w*|drip\w*|valve|shutoff_valve|grifo|"
     r"llave|tuberia|inodoro|bano)\b", "plumbing"),
    (r"\b(?:door|lock|key|window|fridge|refrigerator|fridge_freezer|stove|oven|range|microwave|dishwasher|washer|"
     r"dryer|washing machine|laundry|elevator|light\w*|lightbulb|lamp|outlet|socket|switch|power|electric\w*|"
     r"buzzer|intercom|doorbell|bell|cabinet|drawer|hinge|closet|blinds?|shade|screen|paint|peeling|plaster|wall|"
     r"floor\w*|tile|ceiling|stairs?|railing|hallway|mailbox|trash|garbage|noise|counter\w*|smoke_alarm|co_alarm|"
     r"gate|roof|balcony|carpet)\b", "general"),
)


def object_category(text: str, position: int) -> str | None:
    """Category of the object mentioned nearest to `position` (None when no known object is mentioned)."""
    best: tuple[int, str] | None = None
    for pattern, category in OBJECTS:
        for match in re.finditer(pattern, text):
            if category == "plumbing" and re.fullmatch(r"water|leak\w*|drip\w*", match.group(0)):
                continue  # the symptom itself is no object
            distance = abs(match.start() - position)
            if best is None or distance < best[0]:
                best = (distance, category)
    return best[1] if best else None


_LEAK = re.compile(
    r"\bleak\w*|\bdrip\w*|\bwater\W+(?:\w+\W+){0,3}?(?:coming|seeping|dripping|running|trickling|getting) (?:in|"
    r"through|from|down|out|under|into)|\bwater stains?\b|\bwater damage\b|\bgotera\w*|\bfuga de agua\b|\bgote\w*|"
    r"\bpuddles?\b|\bwet (?:spot|ceiling|wall)|\b(?:brown|yellow|water) stains?\b"
)
_LEAK_SERIOUS = re.compile(r"\bceiling|\bwall|\bupstairs\b|\babove\b|\bthrough\b|\bsteady\b|\bconstant\w*|"
                           r"\bbucket\b|\bwill not stop\b|\bspreading\b|\bgetting (?:worse|bigger)\b|\btecho\b|"
                           r"\bwater_heater\b|\bpuddle")
_LEAK_MINOR = re.compile(r"\b(?:small|slow|tiny|little|minor|slight|occasional|bit of a|light)\s+(?:\w+\s+)?"
                         r"(?:leak|drip)|\b(?:faucet|tap|showerhead|shower head|spout)\b|\bstain\b|\bdamage\b")


_DRY_NOW = re.compile(r"\b(?:is |it is |now |all )?dry(?: now)?\b|\bfixed\b|\brepaired\b|\bstopped\b|\bno longer\b|"
                      r"\bcosmetic\b|\b(?:re)?paint\w*")
_GROWING = re.compile(r"\bspreading\b|\bgetting (?:worse|bigger|larger)\b|\bgrowing\b|\bwet\b|\bsoak\w*")


def _leak_signal(text: str) -> tuple[Signal | None, bool]:
    """A non-flooding leak: P1 by default, P2 for a drip or a minor leak, P1 again when it comes through a
    ceiling or wall. Returns the signal (or None) and whether a leak was mentioned but negated/resolved."""
    negated = False
    parts = clauses(text)
    for index, clause in enumerate(parts):
        nxt = parts[index + 1] if index + 1 < len(parts) else ""
        for match in _LEAK.finditer(clause):
            if (_negated_before(clause, match.start()) or _RESOLVED_AFTER.match(clause[match.end():])
                    or (nxt and _RESOLVED_CLAUSE.search(nxt))):
                negated = True
                continue
            position = text.find(clause) + match.start()
            word = match.group(0)
            serious = bool(_LEAK_SERIOUS.search(text))
            minor = bool(_LEAK_MINOR.search(text)) or word.startswith(("drip", "gote")) or "stain" in word \
                or "damage" in word
            priority = "P1" if serious or not minor else "P2"
            if ("stain" in word or "damage" in word) and not _GROWING.search(text):
                priority = "P2"  # a stain is water that already came; it matters again when it grows
            if past_only(clause) and _DRY_NOW.search(text):
                priority = "P2"  # "leaked last week, dry now": what is left is cosmetic
            category = object_category(text, position) or "plumbing"
            if category == "general" and not re.search(r"fridge|refrigerator|fridge_freezer|window", text):
                category = "plumbing"  # a wall or ceiling is where the water shows, not what leaks
            return Signal("leak", category, priority, position), negated
    return None, negated


RESOLVED_CATEGORY = {"flood": "plumbing", "no_heat": "hvac"}


_BUILDING_WIDE = re.compile(r"\b(?:whole|entire|all of the|the) building\b|"
                            r"\ball (?:the )?(?:units|apartments|floors)\b|\b\d{2,3} (?:units|apartments|families)\b|"
                            r"\bevery (?:unit|apartment|floor)\b|\btodo el edificio\b|\bfamilias\b|"
                            r"\b(?:whole|entire) (?:house|home|complex|development|estate|compound)\b|\bwell pump\b|"
                            r"\btoda la casa\b|\bbomba del pozo\b|"
                            r"\b(?:ningun|todos los) (?:apartamentos?|departamentos?|pisos)\b|"
                            r"\bvecinos (?:\w+ ){0,5}?(?:igual|lo mismo|tambien|tampoco)\b|"
                            r"\ball (?:the )?building\b|"
                            r"\b(?:all|every) (?:the |of the |my )?neighbou?rs?\b|"
                            r"\bneighbou?rs? (?:\w+ ){0,4}?(?:too|also|as well|same)\b")
_PLANNED_WORK = re.compile(r"\bsuper\b|\brepair\w*|\bmaintenance\b|\bplumber\b|\bscheduled\b|\bwork on\b|"
                           r"\bcity (?:work|main)\b|\breparaci\w*|\bmantenimiento\b")


def analyze(text: str) -> Analysis:
    """Run every rule over the message."""
    norm = normalize(text)
    ctx = context(norm)
    hazards, negated, resolved = _hazard_hits(norm)
    analysis = Analysis(normalized=norm, negated=negated, context=ctx)
    analysis.signals.extend(hazards)
    indoor = indoor_temperatures_f(norm)

    for name, category, priority, pattern in RULES:
        found = None
        for clause in clauses(norm):
            match = pattern.search(clause)
            if match:
                found = norm.find(clause) + match.start()
                break
        if found is None:
            continue
        if name == "no_heat":
            # a room named beside a whole-home failure ("boiler is out, pipes in the back bedroom frozen") is no
            # partial outage
            partial = bool(_PARTIAL_HEAT.search(norm)) and not _WHOLE_HEAT.search(norm)
            cold_inside = any(t <= 55 for t in indoor) or bool(_BREATH.search(norm))
            # Exposure: a whole home without heat in freezing weather or at 55 °F or less inside, or anyone
            # vulnerable in a cold home, is P0; one cold room is a habitability problem (P1) unless someone
            # vulnerable is exposed to it.
            exposed = (not partial) or ctx["vulnerable"]
            if ((ctx["freezing"] or cold_inside) and exposed) or any(t <= 50 for t in indoor) \
                    or (_BREATH.search(norm) and ctx["freezing"]) or _OVEN_FOR_HEAT.search(norm) \
                    or (ctx["vulnerable"] and ctx["distress"]):
                analysis.signals.append(Signal("no_heat_freezing", "emergency", "P0", found, "no_heat"))
                continue
        if name == "power_out" and _ELECTRIC_HEAT.search(norm) and (
                ctx["vulnerable"] or ctx["freezing"] or any(t <= 55 for t in indoor)):
            # the only heat is electric: a power cut is a heating outage for whoever is exposed to it
            analysis.signals.append(Signal("no_heat_freezing", "emergency", "P0", found, "no_heat"))
            continue
        if name == "no_water" and _BUILDING_WIDE.search(norm) and not _PLANNED_WORK.search(norm):
            # a whole building without water, unexplained: no drinking, flushing or washing for everyone in it
            analysis.signals.append(Signal("no_water_building", "emergency", "P0", found, "no_water"))
            continue
        if name == "ac_out" and ctx["hot"] and ctx["vulnerable"] and (
                ctx["distress"] or _EXTREME_HEAT.search(norm) or any(t >= 95 for t in temperatures_f(norm,
                                                                                        forecast=False))):
            # someone frail already suffering in the heat: heat exposure, not a broken appliance
            analysis.signals.append(Signal("heat_exposure", "emergency", "P0", found, "heat_exposure"))
            continue
        if name == "ac_out" and (ctx["hot"] or ctx["vulnerable"]):
            priority = "P1"
        if name == "mold" and ctx["vulnerable"]:
            priority = "P1"
        if name == "alarm_device" and re.search(r"chirp|batter|beep|bateri|\bpit(?:a|ando|ido)\b|بطارية|بطاريه", norm):
            priority = "P2"  # a low-battery chirp is routine; a missing or dead detector is not
        if name == "alarm_device" and any(s.hazard in {"co", "fire"} for s in hazards):
            continue  # the alarm is going off: the hazard signal already covers it
        analysis.signals.append(Signal(name, category, priority, found))

    names = {s.name for s in analysis.signals}
    if "heat_too_high" in names:
        # "the radiator will not turn off" is too much heat, not a heating outage.
        analysis.signals = [s for s in analysis.signals if s.name != "no_heat"]
    leak, leak_negated = _leak_signal(norm)
    if leak is not None:
        analysis.signals.append(leak)
    if leak_negated:
        analysis.negated.append("leak")
    for hazard in dict.fromkeys(resolved):
        # A hazard that went away (a gas smell, a sparking outlet) still needs a check within a day; a failed
        # entry attempt that left the locks working needs none.
        secure = hazard == "break_in" and failed_attempt(norm) and bool(_LOCK_FINE.search(norm)) \
            and not _UNSECURED.search(norm)
        analysis.signals.append(Signal(f"resolved:{hazard}", RESOLVED_CATEGORY.get(hazard, "general"),
                                       "P2" if secure else "P1", 0))

    if not analysis.signals:
        fallback = object_category(norm, 0)
        if fallback:
            analysis.signals.append(Signal("object", fallback, "P2", 0))

    if ctx["no_rush"]:
        analysis.signals = [
            s if s.priority == "P0" else Signal(s.name, s.category, "P2", s.position, s.hazard)
            for s in analysis.signals
        ]
    return analysis
