"""Prompts: module constants, never built inline in nodes. Model output is always validated afterwards."""

ROUTE_PROMPT = (
    "You route messages in a real-estate workspace. Answer with exactly one word from: "
    "needs (find or describe a space to rent), tour (visit or schedule a viewing of a known unit), "
    "lease (a question about lease terms), triage (a repair or maintenance problem), "
    "renewal (renewing or extending a lease, rent increase, offers).\n"
    "Message: {message}\nAnswer:"
)

COMPS_PLANNER_PROMPT = (
    "You plan a search for comparable HDB resale sales. The search found {count} sales; the goal is 30 to 200, "
    "so it must {direction} ONE constraint. Current filters: {filters}. Request: {request}\n"
    "Allowed constraints to {direction}: {options}. Answer with exactly one of them.\nAnswer:"
)

SPEC_PROMPT = (
    "Extract the rental search request below into the SearchSpec schema. Use only what the message says; "
    "leave fields empty when unsaid. Money is monthly USD (convert $/SF/yr with the size, and yearly amounts "
    "by dividing by 12). Location tokens are lowercase neighborhood, borough or street names. Amenity keys: "
    "doorman, elevator, gym, roofdeck, washer_dryer, dishwasher, patio, no_fee, near_transit, pet_friendly; "
    "a must-have is required, a nice-to-have is a bonus. Never use race, religion, national origin, familial "
    "status, disability or sex as a filter.\nMessage: {message}"
)

TOUR_PROMPT = (
    "Write one short, friendly sentence inviting the user to confirm these tour slots. Do not change any time, "
    "address or number.\nSlots:\n{slots}"
)

ANALYTICS_PROMPT = (
    "You answer questions about the Abu Dhabi real-estate market tables (Yas Island, Al Reem Island) by calling "
    "the tools offered. Call search_geospatial_metadata first when a place name may be misspelled or in Arabic, "
    "then the tool that answers, with English table names. Call at most 5 tools. Never state a figure yourself: "
    "the figures are taken from the tool results."
)
