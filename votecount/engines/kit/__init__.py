"""What every engine record is made of, written once: the record itself (engine.py: layouts,
markers, selectors, hooks), reading a page's posts (base.py), the page walks and the page's
look (pagewalk.py, look.py), role expressions (roles.py, role_match.py), markup cleaning
(markup.py), a body's colour runs (runs.py, colours.py), board dates and zones (dates.py,
boardtime.py, zones.py).

May import: votecount.model, votecount.errors."""
