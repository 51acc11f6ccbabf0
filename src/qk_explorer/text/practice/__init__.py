"""The practice in words, English and Spanish: choices, feedback, question texts and worked solutions."""
