"""The Q·Kᵀ matrix panel: every query's scores, scaled logits, weights and output, as linked grids."""
