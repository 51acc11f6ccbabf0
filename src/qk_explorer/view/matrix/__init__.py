"""Several queries: the Q·Kᵀ matrix. feature.py (what it adds), content.py (its cells, titles,
notes, CSV and stage grids, written once), the panel's linked grids and their picture."""
