"""``parlour serve``: a parlour that stays open, many tables behind one door."""
