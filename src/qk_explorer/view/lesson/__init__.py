"""The guided lesson: its guide (where we are, the Lesson menu, the clicker's keys), its panel,
what a moment of the lesson says, on the panel and on the stage, and what the whole lesson is for
(Help ▸ About This Lesson)."""
