# Le Pouilleux en mots (atout.games.pouilleux_text) : ses refus, ses coups comme des ordres, ses
# événements.
#
# Variables : $who la place qui agit ; $you le rôle du lecteur (who : il agit ; src : on lui
# prend une carte ; d'autres comme chaque message le dit ; none).

# Le nom du jeu (ses titres dans list_games)
pouilleux-title = Le Pouilleux (paires spéciales)

## Refus : pourquoi un coup n'est pas permis

pouilleux-refused-game-over = La partie est terminée.
# $last la dernière position dans la main où l'on pioche
pouilleux-refused-bad-position = Choisissez une position de 0 à { NUMBER($last) }.
pouilleux-refused-unknown-card = Ce n'est pas une carte.
pouilleux-refused-two-cards = Posez exactement deux cartes.
# $c la carte
pouilleux-refused-not-in-hand = { $c } n'est pas dans votre main.
pouilleux-refused-pouilleux = Le Valet de pique (le pouilleux) ne forme jamais de paire.
pouilleux-refused-not-a-pair = Une paire, ce sont deux cartes de même valeur et de même couleur.
pouilleux-refused-normal-pair = Les paires normales (2 à 9) sont posées automatiquement.
# $colour la couleur que les As imposent (l'adjectif s'accorde avec « paires »)
pouilleux-refused-imposed-colour = Un As impose les paires { pouilleux-colour-pairs } jusqu'au prochain tour de son joueur.
pouilleux-refused-bad-effect = Donnez les paramètres de l'effet : une couleur pour les As, un autre joueur pour les Valets, deux joueurs distincts pour les Rois, rien pour les 10 et les Dames ; cartes dans l'ordre des codes.
# Un coup d'une autre phase du tour : $phase la phase où l'on est
pouilleux-refused-wrong-phase = { $phase ->
    [draw] Piochez d'abord une carte.
    [pick] Prenez une carte au joueur désigné par les Valets.
   *[act] Posez une paire spéciale ou finissez votre tour.
}

## Coups, comme des ordres ($n la position d'une carte dans la main où l'on pioche, depuis 1)

pouilleux-move-draw = piocher la carte n° { NUMBER($n) }
pouilleux-move-pick = prendre la carte n° { NUMBER($n) }
pouilleux-move-end = finir le tour
# Une paire spéciale : $rank son rang (par défaut : les 10) ; $cards leurs étiquettes ; $effect
# ce qu'elle fait (skip, reverse, impose, take, swap ; none : rien à en dire ici) ; $colour la
# couleur imposée (As) ; $target la place où les Valets prennent une carte ; $p, $q les places
# entre lesquelles les Rois échangent une carte
pouilleux-move-lay = poser les { pouilleux-pair } ({ $cards }){ $effect ->
    [skip] {" "}: le joueur suivant passe son tour
    [reverse] {" "}: le sens du jeu change
    [impose] {" "}et imposer le { colour }
    [take] {" "}et prendre une carte à { $target }
    [swap] {" "}et échanger une carte entre { $p } et { $q }
   *[none] {""}
}
pouilleux-pair = { $rank ->
    [J] Valets
    [Q] Dames
    [K] Rois
    [A] As
   *[other] 10
}
# La couleur de paires : rouges, noires.
pouilleux-colour-pairs = { $colour ->
    [red] rouges
   *[black] noires
}

## Événements : ce qui s'est passé

# $sizes chaque place avec son nombre de cartes
pouilleux-deal = Donne : { $sizes } cartes.
# $cards les cartes du lecteur
pouilleux-hand = Votre main : { $cards }.
pouilleux-turn = { $you ->
    [who] À vous de jouer.
   *[none] Au tour de { $who }.
}
# $count le nombre de paires posées ; $pairs leurs étiquettes
pouilleux-pairs = { $you ->
    [who] Vous posez { $count ->
        [one] la paire
       *[other] les paires
    } { $pairs }.
   *[none] { $who } pose { $count ->
        [one] la paire
       *[other] les paires
    } { $pairs }.
}
# $card la carte avec son article (« le 7♥ », « l'A♥ ») ; $src la place où elle est prise
pouilleux-draw = { $you ->
    [who] Vous piochez { $card } dans le jeu de { $src }.
    [src] { $who } pioche { $card } dans votre jeu.
   *[none] { $who } pioche { $card } dans le jeu de { $src }.
}
pouilleux-draw-hidden = { $you ->
    [who] Vous piochez une carte dans le jeu de { $src }.
    [src] { $who } pioche une carte dans votre jeu.
   *[none] { $who } pioche une carte dans le jeu de { $src }.
}
pouilleux-pick = { $you ->
    [who] Vous prenez { $card } dans le jeu de { $src } (Valets).
    [src] { $who } prend { $card } dans votre jeu (Valets).
   *[none] { $who } prend { $card } dans le jeu de { $src } (Valets).
}
pouilleux-pick-hidden = { $you ->
    [who] Vous prenez une carte dans le jeu de { $src } (Valets).
    [src] { $who } prend une carte dans votre jeu (Valets).
   *[none] { $who } prend une carte dans le jeu de { $src } (Valets).
}
# Une paire spéciale posée, avec le choix du joueur (les effets des 10 et des Dames ont leurs
# propres événements) : variables comme pour pouilleux-move-lay ; $you : who_with quand le
# lecteur pose des Rois et échange avec $q, target quand les Valets lui prennent une carte
pouilleux-lay = { $you ->
    [who] Vous posez les { pouilleux-pair } ({ $cards }){ $effect ->
        [impose] {" "}et imposez le { colour }
        [take] {" "}et prenez une carte à { $target }
        [swap] {" "}et échangez une carte entre { $p } et { $q }
       *[none] {""}
    }
    [who_with] Vous posez les { pouilleux-pair } ({ $cards }) et échangez une carte avec { $q }
    [target] { $who } pose les { pouilleux-pair } ({ $cards }) et vous prend une carte
   *[none] { $who } pose les { pouilleux-pair } ({ $cards }){ $effect ->
        [impose] {" "}et impose le { colour }
        [take] {" "}et prend une carte à { $target }
        [swap] {" "}et échange une carte entre { $p } et { $q }
       *[none] {""}
    }
}
# $text la paire posée (pouilleux-lay)
pouilleux-laid = { $text }.
pouilleux-laid-last = { $you ->
    [who] { $text } : vos dernières cartes.
   *[none] { $text } : ses dernières cartes.
}
pouilleux-laid-aces = { $you ->
    [who] { $text } : jusqu'à votre prochain tour, les autres ne posent que des paires { pouilleux-colour-pairs }.
   *[none] { $text } : jusqu'à son prochain tour, les autres ne posent que des paires { pouilleux-colour-pairs }.
}
pouilleux-again = { $you ->
    [who] Vous rejouez.
   *[none] { $who } rejoue.
}
pouilleux-skip = { $you ->
    [who] Vous passez votre tour.
   *[none] { $who } passe son tour.
}
# $direction clockwise (horaire) ou anticlockwise
pouilleux-reverse = Le sens du jeu change : sens { $direction ->
    [clockwise] horaire
   *[anticlockwise] anti-horaire
}.
# L'échange des Rois entre $p et $q (le lecteur d'abord) : $cp, $cq les cartes que chacun donne
# (étiquettes), $the_cp, $the_cq les mêmes avec leur article ; $you : p quand le lecteur est $p
pouilleux-swap = { $you ->
    [p] Échange des Rois : votre { $cp } passe à { $q }, { $the_cq } de { $q } passe dans votre jeu.
   *[none] Échange des Rois : { $the_cp } de { $p } passe à { $q }, { $the_cq } de { $q } passe à { $p }.
}
pouilleux-swap-hidden = { $you ->
    [p] Échange des Rois : une carte passe de votre jeu à { $q } et une de { $q } passe dans votre jeu.
   *[none] Échange des Rois : une carte passe de { $p } à { $q } et une de { $q } à { $p }.
}
pouilleux-lift = { $you ->
    [who] La couleur que vous avez imposée ({ colour }) est levée.
   *[none] La couleur imposée ({ colour }) par { $who } est levée.
}
# La fin : $count le nombre de gagnants, $winners tous, $others tous sauf le lecteur
pouilleux-out = { $you ->
    [winner] { $count ->
        [one] Vous n'avez plus de cartes et gagnez !
       *[other] Vous et { $others } n'avez plus de cartes et gagnez !
    }
   *[none] { $count ->
        [one] { $winners } n'a plus de cartes et gagne !
       *[other] { $winners } n'ont plus de cartes et gagnent !
    }
}
pouilleux-turn-cap = Limite de tours atteinte : { $you ->
    [winner] { $count ->
        [one] vous avez le moins de cartes et gagnez.
       *[other] vous et { $others } avez le moins de cartes et gagnez.
    }
   *[none] { $count ->
        [one] { $winners } a le moins de cartes et gagne.
       *[other] { $winners } ont le moins de cartes et gagnent.
    }
}
# Après la fin : $who la place qui a le pouilleux
pouilleux-grand-perdant = { $you ->
    [who] Vous avez le pouilleux (V♠) : vous êtes le grand perdant.
   *[none] { $who } a le pouilleux (V♠) : grand perdant.
}
pouilleux-holder = { $you ->
    [who] Le pouilleux (V♠) : vous.
   *[none] Le pouilleux (V♠) : { $who }.
}

## Les champs de la vue, tels qu'un client les nomme (atout.games.base.shows ; les valeurs d'une phase aussi)

pouilleux-view-turns = Tours joués
pouilleux-view-phase-draw = piocher chez le suivant
pouilleux-view-phase-act = poser une paire spéciale ou finir
pouilleux-view-phase-pick = prendre une carte (Valets)
pouilleux-view-direction = Sens
pouilleux-view-draw-from = Pioche chez
pouilleux-view-pick-from = Prend chez
pouilleux-view-imposed = Couleur imposée
pouilleux-view-imposed-by = Imposée par
pouilleux-view-laid = paires
pouilleux-view-known = Cartes connues chez les autres
pouilleux-detail-pouilleux = Le pouilleux (V♠) est chez
