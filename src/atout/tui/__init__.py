"""The terminal client: ``atout play``, a Textual app for playing any atout game at a table.

Three layers, each knowing only the one below: :mod:`.session` talks to the game master and turns
what arrives into a :class:`~.model.Model`; :mod:`.render` turns a model into rich text; :mod:`.app`
shows it and sends the player's intents (play move *n*, ask for a hint) back to the session.
"""
