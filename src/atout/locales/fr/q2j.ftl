# Q²J en mots (atout.games.q2j_text) : ses refus, ses coups comme des ordres, ses événements.
#
# Variables : $who la place qui agit ; $names des cartes par leur nom ; $you le rôle du lecteur
# (who : il agit ; first : il commence ; winner : il est parmi les gagnants ; none).

# Le nom du jeu (ses titres dans list_games)
q2j-title = Q Squared Joe (Q²J)

## Refus : pourquoi un coup n'est pas permis ($x la carte jouée, $x_rank son rang ; $top la carte
## qu'elle ne bat pas)

q2j-refused-face-on-ace = { $x_rank ->
    [Q] Une { $x } ne peut pas être posée
   *[other] Un { $x } ne peut pas être posé
} sur un As.
q2j-refused-beat-same-suit = { $x } ne bat pas { $top } : dans la même couleur, seule une carte plus faible est plus forte.
q2j-refused-beat-other-suit = { $x } ne bat pas { $top } : dans une autre couleur, seule une carte plus haute est plus forte.
q2j-refused-not-a-queen-pair = Seules deux Dames peuvent être jouées ensemble (un Q²).
q2j-refused-single-card-only = Après un tour complet de Q², on continue avec une seule carte.
q2j-refused-only-jack-on-q2 = Seul un Valet peut être posé sur un Q².
q2j-refused-only-jack-or-draw = Seul un Valet peut être posé sur un Q² — posez un Valet ou piochez.
q2j-refused-q2-on-jack = Un Q² ne peut pas être posé sur un Valet.
q2j-refused-bad-card-count = Jouez une carte, ou deux Dames ensemble.

## Coups, comme des ordres

q2j-move-draw = piocher
q2j-move-play = jouer { $names }

## Événements : ce qui s'est passé

# $shown chaque place avec sa carte visible ; $first qui commence ; $top le haut de la défausse
q2j-deal = Donne : cartes visibles { $shown }. { $you ->
    [first] Vous commencez.
   *[none] { $first } commence.
} Défausse : { $top }.
q2j-play-q2 = { $you ->
    [who] Vous posez un Q² ({ $names }) !
   *[none] { $who } pose un Q² ({ $names }) !
}
q2j-play = { $you ->
    [who] Vous jouez { $names }.
   *[none] { $who } joue { $names }.
}
q2j-joe = { $you ->
    [who] Vous répondez au Q² avec un Valet (Joe).
   *[none] { $who } répond au Q² avec un Valet (Joe).
}
# $card la carte piochée ; $reason pourquoi : equal_rank (la carte jouée était de même valeur),
# ou none
q2j-draw = { $you ->
    [who] Vous piochez { $card }{ q2j-why }.
   *[none] { $who } pioche { $card }{ q2j-why }.
}
q2j-draw-hidden = { $you ->
    [who] Vous piochez une carte{ q2j-why }.
   *[none] { $who } pioche une carte{ q2j-why }.
}
q2j-why = { $reason ->
    [equal_rank] {" "}(même valeur)
   *[none] {""}
}
q2j-pass = { $you ->
    [who] Vous ne pouvez pas piocher et passez.
   *[none] { $who } ne peut pas piocher et passe.
}
# $stock les cartes de la nouvelle pioche
q2j-reshuffle = La pioche est vide : la défausse est mélangée ({ $stock ->
    [one] { $stock } carte
   *[other] { $stock } cartes
}).
# $count le nombre de gagnants ; $winners tous ; $others tous sauf le lecteur
q2j-deadlock = Plus rien à piocher : la partie s'arrête et { $you ->
    [winner] { $count ->
        [one] vous gagnez.
       *[other] vous et { $others } gagnez.
    }
   *[none] { $count ->
        [one] { $winners } gagne.
       *[other] { $winners } gagnent.
    }
}
q2j-emptied-hand = { $you ->
    [winner] { $count ->
        [one] Vous n'avez plus de cartes et gagnez !
       *[other] Vous et { $others } n'avez plus de cartes et gagnez !
    }
   *[none] { $count ->
        [one] { $winners } n'a plus de cartes et gagne !
       *[other] { $winners } n'ont plus de cartes et gagnent !
    }
}

## Les champs de la vue, tels qu'un client les nomme (atout.games.base.shows ; les valeurs d'une phase aussi)

q2j-view-top = Dessus de la pile
q2j-view-shown = visibles
q2j-view-q2-owner = Q² posé par
q2j-view-q2-round = Tour de Q² (Valet ou pioche)
q2j-view-free-lead = Entame libre
q2j-view-passes = Passes d'affilée
