"""The guided lesson: its guide (where we are, the Lesson menu, the clicker's keys), its panel,
and what a moment of the lesson says, on the panel and on the stage."""
