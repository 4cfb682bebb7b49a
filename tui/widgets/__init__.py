"""The widgets every Parlour screen is built from, one module each; each owns its CSS
(``DEFAULT_CSS``). Import a widget from its module: the package imports none, so a
screen loads only the widgets it shows."""
