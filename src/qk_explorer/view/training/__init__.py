"""A head that learns: feature.py (the Train panel's place, actions and export), session.py (the
run and the snapshot shown), worker.py (training off the GUI thread), the panel, its curve and
the curve's place on the stage, content.py (what panel and stage say about a run, written once)."""
