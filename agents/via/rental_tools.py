"""The five rental tools of the spec (§5), registered in the one tool registry (agents/tools.py).

A tool signals a failure the client should see as a tool error by raising: `InvalidFilters` (a ValueError, its
message starting "Invalid filters" or "Invalid arguments") or `SearchUnavailable` (code "search_unavailable").
`ask_user` returns the question payload; an MCP server turns it into an elicitation when the client supports one.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import WithJsonSchema

from agents.ask_user import question
from agents.tools import Tool, register_tool
from agents.via import rental
from contracts.rental import ListingCriteria, RentalFilters, UserDetails, listing_json_schema

# Arguments arrive as plain JSON and are validated by the tool itself, so that a bad one gets the spec's message
# ("Invalid filters: min_bedrooms: ...") rather than a generic schema error; clients still see the full schema.
FiltersArg = Annotated[dict[str, Any], WithJsonSchema(RentalFilters.model_json_schema())]
CriteriaArg = Annotated[dict[str, Any] | None, WithJsonSchema(ListingCriteria.model_json_schema())]
ListingsArg = Annotated[list[dict[str, Any]], WithJsonSchema({"type": "array", "items": listing_json_schema()})]
UserDetailsArg = Annotated[dict[str, Any], WithJsonSchema(UserDetails.model_json_schema())]


def rental_search(filters: FiltersArg) -> dict[str, Any]:
    """Search REALTOR.CA rentals (one logical search) and return {"listings", "total_count"}.

    Args:
        filters: min_bedrooms and location are required; max_bedrooms, min/max_bathrooms, min/max_sqft,
            rent_min/rent_max (CAD/month) and listing_type (for_rent by default) are optional.
    """
    return rental.search(filters)


def filter_listings(listings: ListingsArg, filters: CriteriaArg = None, sort_by: str | None = None,
                    ascending: bool = True) -> dict[str, Any]:
    """Narrow and/or sort the current results in memory; returns {"listings", "total_count"}.

    Args:
        listings: the list from the last rental_search or filter_listings.
        filters: any of min_bedrooms, max_bedrooms, min_bathrooms, max_bathrooms, min_sqft, max_sqft, rent_min,
            rent_max.
        sort_by: price, bedrooms, bathrooms, sqft, address, id or title.
        ascending: true for cheapest/smallest first.
    """
    return rental.narrow(listings, filters, sort_by, ascending)


def summarize_listings(listings: ListingsArg) -> dict[str, Any]:
    """Statistics of the current results: count, price min/median/mean/max, bedroom and bathroom counts, size
    stats and property types.

    Args:
        listings: the list from the last rental_search or filter_listings.
    """
    return rental.summarize(listings)


def simulate_viewing_request(listing_url: str, timeslot: str, user_details: UserDetailsArg) -> dict[str, Any]:
    """Simulate a viewing request (nothing is sent): returns {"summary", "contact_url"}.

    Args:
        listing_url: the listing's url from the search results.
        timeslot: e.g. "Tuesday 6–8pm", chosen from the user's viewing preference.
        user_details: name and email (required), phone and preferred_times (optional).
    """
    return rental.simulate_viewing(listing_url, timeslot, user_details)


def ask_user(prompt: str, choices: list[str] | None = None, allow_multiple: bool = False) -> dict[str, Any]:
    """Ask the user a question: one answer ({"answer"}), or a multi-select ({"selected"}) when allow_multiple.

    Args:
        prompt: the question.
        choices: predefined options (free text when omitted).
        allow_multiple: let the user pick zero or more choices.
    """
    if not str(prompt or "").strip():
        raise ValueError("Invalid arguments: prompt is empty")
    if allow_multiple:
        return question("multi_select", prompt, choices or [], allow_multiple=True)
    return question("single", prompt, choices or [], allow_multiple=False)


register_tool(Tool(
    name="rental_search", fn=rental_search, category="rental",
    description="Search REALTOR.CA rental listings in Canada by bedrooms, bathrooms, size, rent and place.",
    when_to_use=("a rental search in a Canadian place (Vancouver, Toronto, Ontario, B.C. ...)",),
    examples=("2 bed in Vancouver under $3,200", "3 bedroom house in Toronto under 2500 a month"),
))
register_tool(Tool(
    name="filter_listings", fn=filter_listings, category="rental",
    description="Narrow or sort the current rental results (only 1 bathroom, under 2500, cheapest first).",
    when_to_use=("the user narrows or sorts results already shown",),
    examples=("only 1 bathroom", "cheapest first", "under $2,500"),
))
register_tool(Tool(
    name="summarize_listings", fn=summarize_listings, category="rental",
    description="Statistics of the current rental results: price range and median, bedrooms, bathrooms, sizes, types.",
    when_to_use=("presenting search results",),
    examples=("what do these cost on average?",),
))
register_tool(Tool(
    name="simulate_viewing_request", fn=simulate_viewing_request, category="rental",
    description="Simulate a viewing request for a listing at a timeslot (returns a summary and a mailto: link).",
    when_to_use=("the user approved listings to view and gave contact details",),
    examples=("request a viewing of the first two on Tuesday evening",),
))
register_tool(Tool(
    name="ask_user", fn=ask_user, category="dialogue",
    description="Ask the user a clarification (one answer) or an approval (multi-select) question.",
    when_to_use=("a question the agent needs answered before going on",),
    examples=("Which listings do you want to request viewings for?",),
))
