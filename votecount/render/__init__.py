"""Renderers: DayResult / posts → rich table, JSON, CSV. Pure functions returning text."""
