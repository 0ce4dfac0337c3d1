"""``python -m atout.server serve|bots|verify|export`` (the same commands as ``atout``)."""

import typer

from atout.cliutil import Commands
from atout.server.commands import register

app = typer.Typer(cls=Commands, no_args_is_help=True, add_completion=False)
register(app)
app()
