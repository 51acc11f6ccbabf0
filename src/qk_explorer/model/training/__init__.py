"""A head that learns: a one-layer, one-head attention model trained in numpy.

model.py holds the parameters and the forward pass, gradients.py its
backpropagation written out, adam.py the optimiser, tasks.py the sequences the
head learns from, run.py the training loop with its snapshots. head_scene.py
makes a snapshot an ordinary scene of tokens; model_file.py writes and reads
the trained model.
"""
