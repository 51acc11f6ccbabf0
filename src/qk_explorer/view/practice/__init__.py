"""Practice beyond the lesson panel: common mistakes made visible, the practice sheet."""
