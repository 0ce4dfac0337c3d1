# Les mots du client en terminal (atout.tui) ; les phrases des jeux viennent du maître du jeu.

terminal-connecting = Connexion à { $url }…
terminal-waiting-players = En attente de joueurs. D'autres peuvent rejoindre avec : atout play --url { $url } --table { $table }
terminal-your-turn = À vous : ↑↓ et Entrée, ou 1–9 · h conseil · q quitter
# $who la place dont c'est le tour
terminal-their-turn = { $who } joue…
terminal-sending = Envoi de votre coup…
terminal-watching = Vous regardez la table { $table }.
terminal-over = La partie est terminée.
terminal-closed = Connexion fermée.
terminal-reconnecting = Le maître du jeu à { $url } ne répond plus : reconnexion (les autres adresses d'abord)…
terminal-connected-to = connecté à { $url }

## Panneaux

terminal-board = Table
terminal-hand = Votre main
terminal-no-hand = (spectateur : pas de main)
terminal-moves = Vos coups
terminal-no-moves = Ce n'est pas votre tour.
# $shown les coups listés, sur $total
terminal-more-moves = { $shown ->
    [one] { $shown } coup listé
   *[other] { $shown } coups listés
} sur { NUMBER($total) }
terminal-log = Déroulement
terminal-you = vous
terminal-key-quit = Quitter
terminal-key-hint = Conseil
# $level le niveau d'un robot, dans les mots du joueur
terminal-bot-level = { $level }, robot
terminal-bot = robot
# $count les cartes d'une place
terminal-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
terminal-yes = oui
terminal-no = non
terminal-clockwise = horaire
terminal-anticlockwise = anti-horaire
terminal-went-out = sort
terminal-spectators-do-not-play = Les spectateurs ne jouent pas.

## Conseils

terminal-hint = Conseil : { $text }
terminal-no-hint = Pas de conseils dans cette installation.
terminal-hint-not-now = Les conseils, c'est à votre tour.
terminal-thinking = Réflexion…

## La fin

terminal-game-over = PARTIE TERMINÉE
terminal-you-win = Vous gagnez !
terminal-you-share = Vous partagez la victoire !
terminal-you-lose = Vous avez perdu.
# $count le nombre de gagnants, $who eux
terminal-winners = { $count ->
    [one] Gagnant : { $who }
   *[other] Gagnants : { $who }
}
terminal-reason = Raison : { $reason }
terminal-seat = Place
terminal-player = Joueur
terminal-score = Score
# $count le nombre de perdants
terminal-lost = { $count ->
    [one] Perdant
   *[other] Perdants
}
terminal-seed = Graine { $seed } (son engagement SHA-256 { $commitment }… a été publié au début)
terminal-over-keys = n nouvelle partie (revanche) · Échap retour à la table · q quitter
terminal-over-status = La partie est terminée : r résultat · n nouvelle partie (revanche) · q quitter
terminal-rematch-asked = Revanche demandée : en attente des autres joueurs…

## État

# $seconds le temps qui reste
terminal-time-left = encore { NUMBER($seconds) } s
terminal-error = Refusé : { $text }
# $seat la place du lecteur, ou terminal-spectator
terminal-you-are = vous êtes { $seat }
terminal-spectator = spectateur
