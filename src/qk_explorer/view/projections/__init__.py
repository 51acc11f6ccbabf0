"""The Projections panel of a token scene: W_Q, W_K, W_V, the tokens' labels and B = W_Qᵀ W_K."""
