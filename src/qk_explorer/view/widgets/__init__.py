"""Pieces several rooms share: spin boxes, axes, the keys' palette, norm bars, text runs, the
number cell's painting and the pointer that picks a pair."""
