"""Explorations beside the pair: scale q, q·k against θ, why 1/√dₖ, and the same-product pair."""
