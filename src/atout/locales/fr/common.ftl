# Les mots que partagent les phrases de tous les jeux (atout.games.sentences) : places, cartes,
# couleurs, listes, raisons d'une fin de partie, le temps écoulé et le rattrapage.
#
# Variables : $n un nombre ; $rank le rang d'une carte (A, 2 … 10, J, Q, K : la notation
# anglaise) ; $suit la lettre d'une enseigne (C, D, H, S) ; $symbol son signe (♣ ♦ ♥ ♠) ; $colour
# red ou black ; $you le rôle du lecteur dans la phrase (who : c'est lui qui agit ; none : la
# phrase parle des autres).

## Places

# Une place, numérotée à partir de 1 (J pour joueur).
seat = J{ $n }
game-master = le maître du jeu
# La place du lecteur quand elle n'est pas le sujet (« J2 pioche dans votre jeu »).
seat-you = vous

## Listes : « J1 et J3 », « J1, J2 et J3 » ($most : tous les éléments sauf le dernier)

list-and = { $most } et { $last }
list-comma = { $most }, { $next }

## Cartes

# Le nom d'un rang ($rank son signe) et celui d'une enseigne ($suit sa lettre), seuls ou dans le nom d'une carte.
rank-name = { $rank ->
    [A] As
    [J] Valet
    [Q] Dame
    [K] Roi
   *[other] { $rank }
}
suit-name = { $suit ->
    [C] trèfle
    [D] carreau
    [H] cœur
   *[S] pique
}
card-name = { rank-name } de { suit-name }
card-joker = Joker
# L'étiquette courte : V (Valet), D (Dame), R (Roi) ; l'As est A.
card-label = { $rank ->
    [J] V
    [Q] D
    [K] R
   *[other] { $rank }
}{ $symbol }
card-joker-label = 🃏
# L'étiquette avec son article : l'As (élision), la Dame, le Valet, le Roi, le 7.
card-the = { $rank ->
    [A] l'{ card-label }
    [Q] la { card-label }
   *[other] le { card-label }
}
card-joker-the = le 🃏

colour = { $colour ->
    [red] rouge
   *[black] noir
}

## Raisons d'une fin de partie

reason-emptied_hand = un joueur n'a plus de cartes
reason-deadlock = plus rien à piocher : le moins de cartes gagne
reason-turn_cap = limite de tours atteinte : le moins de cartes (ou de points) gagne
reason-target = un total a atteint le but : le moins de points gagne
reason-out = un joueur s'est défaussé de toutes ses cartes
reason-stock_out = plus rien à piocher : la partie se compte en l'état

## Les événements du maître du jeu

# Le temps d'une place ($who) est écoulé ; avec un coup ($move), celui que le maître du jeu a
# joué pour elle.
timeout = { $you ->
    [who] Vous n'avez plus de temps.
   *[none] { $who } n'a plus de temps.
}
timeout-played = { $you ->
    [who] Vous n'avez plus de temps ; le maître du jeu joue à votre place : { $move }.
   *[none] { $who } n'a plus de temps ; le maître du jeu joue à sa place : { $move }.
}
# Un rattrapage réduit à ses dernières étapes : combien ont été laissées de côté.
earlier = Le jeu plus ancien n'est pas répété ici ({ $steps ->
    [one] { $steps } étape
   *[other] { $steps } étapes
}).

## Les refus que partagent tous les jeux (un coup, un jeu arrangé, les options ; atout.games.base et common)

refused-game-over = La partie est terminée.
# $current la place dont c'est le tour, $seat celle qui a essayé (numérotées à partir de 0)
refused-not-your-turn = C'est au tour du siège { $current }, pas du siège { $seat }.
refused-unknown-move = Coup inconnu.
# $why les mots du décodeur (en anglais)
refused-bad-move = Coup mal formé : { $why }
refused-bad-options = Options invalides : { $why }
# $code ce que contient le jeu, entre guillemets
refused-bad-deck-card = Un jeu arrangé contient { $code }, qui n'est pas une carte.
refused-bad-deck = Un jeu arrangé doit contenir exactement les cartes du jeu, une fois chacune.
# $game le titre du jeu ; $least et $most le moins et le plus de joueurs
refused-player-count = { $game } se joue de { NUMBER($least) } à { $most ->
    [one] { $most } joueur
   *[other] { $most } joueurs
}.
# $game le jeu demandé, entre guillemets ; $known les jeux qui existent
refused-unknown-game = Jeu inconnu { $game } ; jeux connus : { $known }.
refused-duplicate-card = La même carte deux fois.
# $code le code qui ne nomme aucune carte, entre guillemets
refused-unknown-card = { $code } n'est pas une carte.
# $card le nom d'une carte
refused-card-not-in-hand = { $card } n'est pas dans votre main.

## Les champs de la vue, tels qu'un client les nomme (atout.games.base.shows ; les valeurs d'une phase aussi)

view-phase = Phase
view-phase-over = terminée
view-hand-sizes = cartes
view-stock-size = Pioche
view-discard-size = Cartes en défausse
view-discard = Défausse (la dernière à droite)
view-hands = main
