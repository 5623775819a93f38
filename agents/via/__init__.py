"""VIA, Visit & Acquire: the search spec, matching and ranking, tour plans and the tour holds flow."""
