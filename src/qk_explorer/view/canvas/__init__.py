"""The canvas: q, the keys, the values and the output as arrows, the pair's construction, the
readout; the features' overlays are added to it."""
