"""votecount: count forum-mafia vote threads exactly, and explain the count."""

__version__ = "0.1.0"
