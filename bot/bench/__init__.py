"""Benchmarks that need no Discord: `python -m bot.bench ai` (AI strength and speed)."""
