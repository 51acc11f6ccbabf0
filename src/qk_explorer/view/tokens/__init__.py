"""The token plane: the embeddings xᵢ, drawn and dragged, beside the q·k plane they feed."""
