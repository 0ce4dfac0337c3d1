# Le Quinze en mots (atout.games.quinze_text) : ses refus, ses coups comme des ordres, ses
# événements.
#
# Variables : $who la place qui agit ; $names des cartes par leur nom ; $you le rôle du lecteur
# (who : il agit ; dealer, first : il distribue, il commence ; winner : il est parmi les
# gagnants ; none).

# Le nom du jeu (ses titres dans list_games)
quinze-title = Le Quinze

## Refus : pourquoi un coup n'est pas permis

quinze-refused-deal-pending = La partie est finie : le prochain donneur doit d'abord distribuer.
quinze-refused-no-fifteen-made = Faites un quinze avant de finir le tour, ou posez une carte sur la table.
quinze-refused-turn-not-over = Finissez le tour avec « fini ».
quinze-refused-must-lay = Sans quinze, vous devez poser une carte sur la table.
quinze-refused-deal-in-progress = La partie est en cours.
quinze-refused-lay-count = Posez une carte, ou deux têtes identiques.
quinze-refused-lay-after-fifteen = Vous avez fait un quinze : finissez le tour (sans poser de carte).
quinze-refused-speed-lay-one-card = Après un quinze, la variante rapide ne permet de poser qu'une carte.
quinze-refused-not-a-face-pair = On ne pose deux cartes ensemble que si ce sont deux valets, dames ou rois.
quinze-refused-lay-would-empty-hand = Vous ne pouvez pas poser vos dernières cartes : on ne finit qu'en faisant un quinze.

# Un quinze nommé carte par carte (atout.games.fifteens) ; $code un code tel qu'envoyé
quinze-refused-not-available = { $code } n'est ni dans votre main ni sur la table.
# $card le nom d'une carte
quinze-refused-card-reused = { $card } sert deux fois : chaque carte ne va que dans un seul quinze.
quinze-refused-too-few-cards = Un quinze demande au moins deux cartes.
quinze-refused-no-hand-card = Un quinze demande au moins une carte de votre main.
# $low ce que font les cartes, $high la même chose avec un As compté 14
quinze-refused-not-fifteen = Ces cartes font { NUMBER($low) }, pas 15.
quinze-refused-not-fifteen-ace = Ces cartes font { NUMBER($low) } (ou { NUMBER($high) } avec un As à 14), pas 15.

## Coups, comme des ordres

quinze-move-fifteen = quinze : { $names }
quinze-move-lay = poser { $names }
quinze-move-done = finir le tour
quinze-move-pass = passer
quinze-move-deal = distribuer

## Événements : ce qui s'est passé

# $deal le numéro de la partie ; $dealer, $first qui distribue, qui commence ; $cards_each les
# cartes de chacun ; $stock les cartes de la pioche
quinze-deal = Partie { NUMBER($deal) } : { $you ->
    [dealer] vous distribuez
   *[none] { $dealer } distribue
} { $cards_each ->
    [one] { $cards_each } carte
   *[other] { $cards_each } cartes
} à chacun, { $stock ->
    [one] { $stock } carte
   *[other] { $stock } cartes
} dans la pioche. { $you ->
    [first] Vous commencez.
   *[none] { $first } commence.
}
quinze-hand = { $you ->
    [who] Votre main : { $names }.
   *[none] Main de { $who } : { $names }.
}
# $card la carte piochée
quinze-draw = { $you ->
    [who] Vous piochez { $card }.
   *[none] { $who } pioche { $card }.
}
quinze-draw-hidden = { $you ->
    [who] Vous piochez une carte.
   *[none] { $who } pioche une carte.
}
quinze-no-draw = { $you ->
    [who] La pioche et la défausse sont vides : vous ne piochez pas.
   *[none] La pioche et la défausse sont vides : { $who } ne pioche pas.
}
# $stock les cartes de la nouvelle pioche
quinze-reshuffle-table = Pioche et défausse vides : les cartes de la table sont mélangées pour faire la pioche ({ $stock ->
    [one] { $stock } carte
   *[other] { $stock } cartes
}).
quinze-reshuffle = La pioche est vide : la défausse est mélangée pour faire une nouvelle pioche ({ $stock ->
    [one] { $stock } carte
   *[other] { $stock } cartes
}).
# $from_table combien de ses cartes viennent de la table ; $total la somme (« R♥ + 5♠ = 15 »)
quinze-fifteen = { $you ->
    [who] Vous faites
   *[none] { $who } fait
} un quinze{ $from_table ->
    [0] {""}
   *[other] {" "}(dont { $from_table } de la table)
} : { $total }.
quinze-lay-speed = { $you ->
    [who] Vous posez { $names } sur la table (variante rapide).
   *[none] { $who } pose { $names } sur la table (variante rapide).
}
quinze-lay = { $you ->
    [who] Vous posez { $names } sur la table.
   *[none] { $who } pose { $names } sur la table.
}
# $n les quinze faits pendant le tour (« quinze », nom de nombre, est invariable)
quinze-done = { $you ->
    [who] Vous avez fait { quinze-fifteens } et finissez votre tour.
   *[none] { $who } a fait { quinze-fifteens } et finit son tour.
}
quinze-fifteens = { $n ->
    [0] aucun quinze
   *[other] { $n } quinze
}
quinze-pass = { $you ->
    [who] Vous ne pouvez rien poser et passez.
   *[none] { $who } ne peut rien poser et passe.
}
# Comment une partie s'est terminée, avant ses points.
quinze-out-first-turn = { $you ->
    [who] Vous vous défaussez de toutes vos cartes dès votre premier tour : −50 !
   *[none] { $who } se défausse de toutes ses cartes dès son premier tour : −50 !
}
quinze-out = { $you ->
    [who] Vous n'avez plus de cartes et gagnez la partie.
   *[none] { $who } n'a plus de cartes et gagne la partie.
}
quinze-turn-cap = La partie n'avance plus : elle s'arrête et se compte en l'état.
quinze-stock-out = Plus rien à piocher : la partie s'arrête et se compte en l'état.
# $head comment elle s'est terminée ; $deal le numéro de la partie ; $pts, $totals les points de
# chaque place, de cette partie et de la manche
quinze-deal-over = { $head } Points de la partie { NUMBER($deal) } : { $pts }. Manche : { $totals }.
# $count le nombre de gagnants ; $winners tous ; $others tous sauf le lecteur
quinze-target = La manche est finie : { $you ->
    [winner] { $count ->
        [one] vous gagnez avec le moins de points.
       *[other] vous et { $others } gagnez, à égalité avec le moins de points.
    }
   *[none] { $count ->
        [one] { $winners } gagne avec le moins de points.
       *[other] { $winners } gagnent, à égalité avec le moins de points.
    }
}
quinze-game-over = Fin de la partie : { $you ->
    [winner] { $count ->
        [one] vous gagnez.
       *[other] vous et { $others } gagnez.
    }
   *[none] { $count ->
        [one] { $winners } gagne.
       *[other] { $winners } gagnent.
    }
}

## Les champs de la vue, tels qu'un client les nomme (atout.games.base.shows ; les valeurs d'une phase aussi)

quinze-view-phase-play = en jeu
quinze-view-phase-scoring = décompte : au donneur suivant
quinze-view-deal = Donne
quinze-view-dealer = Donneur
quinze-view-turn = Tour
quinze-view-max-turns = Tours maximum
quinze-view-turns-taken = tours
quinze-view-totals = total
quinze-view-table = Sur la table
quinze-view-last-fifteen = Dernier quinze
quinze-view-made = Quinzes ce tour
quinze-view-used-table = A pris sur la table
quinze-view-can-speed-lay = Peut poser une carte de plus
quinze-view-deals = Donne
quinze-view-stock = Pioche
quinze-detail-deals = Donnes jouées
quinze-detail-history = Donne
