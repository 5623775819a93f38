"""Pure, typed scoring: match scoring, relaxations, ranking and evaluation metrics. Imports no agent."""
