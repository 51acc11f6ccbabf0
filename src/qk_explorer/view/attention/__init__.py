"""Attention over the keys: feature.py (what it adds), content.py (what it shows, written once),
the panel and its parts, the winner map and the chain on the canvas.

The panel's parts, each a widget that shows its share of the content:

summary: the heading (the keys counted, d_k) and the lines under the table (the scale
    used, Σ weights, the output Σ wᵢvᵢ, dropout, why something is undefined);
table: a row per key, its numbers painted in place mid-drag; what each cell shows
    (cells) and how wide each column is (columns);
legend: what the chart's bars and the winner map's colours mean;
controls: the scoring rule, the scale, dropout and the keys;
The panel (panel.py) lays the parts out and hands each the same Results.
"""
