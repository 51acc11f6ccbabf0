"""Names the command line and the settings accept, kept free of Qt so parsing stays instant."""

LANGUAGES = ("en", "es")
THEME_NAMES = ("system", "light", "dark", "projector", "high-contrast")
