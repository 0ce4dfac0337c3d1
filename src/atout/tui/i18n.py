"""The terminal client's own words, in English and French (game sentences come from the server)."""

from __future__ import annotations

_TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, French)
    "connecting": ("Connecting to {url}…", "Connexion à {url}…"),
    "waiting_players": (
        "Waiting for players. Others can join with: atout play --url {url} --table {table}",
        "En attente de joueurs. D'autres peuvent rejoindre avec : atout play --url {url} --table {table}",
    ),
    "your_turn": (
        "Your turn: ↑↓ and Enter, or 1–9 · h hint · q quit",
        "À vous : ↑↓ et Entrée, ou 1–9 · h conseil · q quitter",
    ),
    "their_turn": ("{who} is playing…", "{who} joue…"),
    "sending": ("Sending your move…", "Envoi de votre coup…"),
    "watching": ("You are watching table {table}.", "Vous regardez la table {table}."),
    "over": ("The game is over.", "La partie est terminée."),
    "closed": ("Connection closed.", "Connexion fermée."),
    "board": ("Table", "Table"),
    "hand": ("Your hand", "Votre main"),
    "no_hand": ("(spectator: no hand)", "(spectateur : pas de main)"),
    "moves": ("Your moves", "Vos coups"),
    "no_moves": ("Not your turn.", "Ce n'est pas votre tour."),
    "more_moves": ("{shown} of {total} moves listed", "{shown} coups listés sur {total}"),
    "log": ("What happened", "Déroulement"),
    "you": ("you", "vous"),
    "key_quit": ("Quit", "Quitter"),
    "key_hint": ("Hint", "Conseil"),
    "bot": ("bot", "robot"),
    "card": ("card", "carte"),
    "cards": ("cards", "cartes"),
    "turn": ("Turn", "Tour"),
    "yes": ("yes", "oui"),
    "clockwise": ("clockwise", "horaire"),
    "anticlockwise": ("anticlockwise", "anti-horaire"),
    "lost": ("Lost", "Perdant(s)"),
    "went_out": ("out", "sort"),
    "no": ("no", "non"),
    "hint": ("Hint: {text}", "Conseil : {text}"),
    "no_hint": ("No hints in this installation.", "Pas de conseils dans cette installation."),
    "hint_not_now": ("Hints are for your turn.", "Les conseils, c'est à votre tour."),
    "thinking": ("Thinking…", "Réflexion…"),
    "game_over": ("GAME OVER", "PARTIE TERMINÉE"),
    "you_win": ("You win!", "Vous gagnez !"),
    "you_share": ("You share the win!", "Vous partagez la victoire !"),
    "you_lose": ("You lose.", "Vous avez perdu."),
    "winners": ("Winner(s): {who}", "Gagnant(s) : {who}"),
    "reason": ("Reason: {reason}", "Raison : {reason}"),
    "seat": ("Seat", "Place"),
    "player": ("Player", "Joueur"),
    "score": ("Score", "Score"),
    "seed": (
        "Seed {seed} (its SHA-256 commitment {commitment}… was published at the start)",
        "Graine {seed} (son engagement SHA-256 {commitment}… a été publié au début)",
    ),
    "over_keys": (
        "n new game (rematch) · Esc back to the table · q quit",
        "n nouvelle partie (revanche) · Échap retour à la table · q quitter",
    ),
    "over_status": (
        "The game is over: r result · n new game (rematch) · q quit",
        "La partie est terminée : r résultat · n nouvelle partie (revanche) · q quitter",
    ),
    "rematch_asked": (
        "Rematch asked: waiting for the other players…",
        "Revanche demandée : en attente des autres joueurs…",
    ),
    "time_left": ("{seconds} s left", "encore {seconds} s"),
    "error": ("Refused: {text}", "Refusé : {text}"),
    "you_are": ("you are {seat}", "vous êtes {seat}"),
    "spectator": ("a spectator", "spectateur"),
    "spectators_do_not_play": ("Spectators do not play.", "Les spectateurs ne jouent pas."),
}


def tr(lang: str, key: str, **values: object) -> str:
    """The UI string ``key`` in ``lang`` (``en`` or ``fr``), with ``values`` filled in."""
    en, fr = _TEXTS[key]
    text = fr if lang == "fr" else en
    return text.format(**values) if values else text
