"""The pair q and k: the Numbers and Coordinates panels, and what the stage shows of the pair."""
