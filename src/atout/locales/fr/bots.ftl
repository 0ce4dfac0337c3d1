# Les conseils des robots (atout.bots.heuristic : explain ; atout.bots.hint) : pourquoi un coup.
#
# Variables : $names les cartes du coup, par leur nom ; $who, $next, $a, $b des places par leur nom.

bots-random = Un coup légal au hasard.

## Les niveaux de jeu, tels que les nomment le salon, la page et le terminal

bots-level-debutant = Débutant
bots-level-moyen = Moyen
bots-level-fort = Fort
bots-level-expert = Expert

## Q²J ($top les cartes de la pile ; $p la chance, en pour cent, que $next batte la carte)

bots-q2j-win = Jouez { $names } : c'est votre dernière carte, vous gagnez.
bots-q2j-q2 = Posez votre Q² ({ $names }) : deux cartes de moins, et chacun devra poser un Valet ou piocher avant que vous rejouiez librement.
bots-q2j-joe = Répondez au Q² avec { $names } : sinon vous devez piocher.
bots-q2j-no-jack = Piochez : vous n'avez pas de Valet pour répondre au Q².
bots-q2j-no-play = Piochez : aucune de vos cartes ne bat { $top }.
bots-q2j-equal = Jouez { $names } : même valeur, vous repiocherez une carte, mais c'est mieux que piocher sans jouer.
bots-q2j-lead = Menez avec { $names } : elle serait difficile à placer plus tard, { bots-q2j-odds }.
bots-q2j-shed = Jouez { $names } : elle serait difficile à placer plus tard, { bots-q2j-odds }.
bots-q2j-odds = { $odds ->
    [none] et { $next } ne pourra presque sûrement pas la battre
    [low] et { $next } n'a qu'environ { NUMBER($p) } % de chances de pouvoir la battre
    [high] même si { $next } peut sans doute la battre (environ { NUMBER($p) } %)
   *[sure] même si { $next } pourra presque sûrement la battre
}

## Le Quinze

bots-quinze-deal = Distribuez la partie suivante.
bots-quinze-out = Faites le quinze { $names } : vos quinze vident votre main, vous gagnez la partie.
bots-quinze-fifteen = Faites le quinze { $names } : c'est le début de la combinaison qui retire le plus de cartes de votre main ({ NUMBER($shed) }).
bots-quinze-done = Finissez le tour : plus aucun quinze possible.
bots-quinze-pass = Passez : aucun quinze, et vous ne pouvez pas poser votre dernière carte.
bots-quinze-lay = Posez { $names } : pas de quinze possible ; ce sont des points en moins dans votre main, vous gardez environ { NUMBER($keep) } % de chances de faire un quinze au prochain tour, et cela n'ouvre de quinze qu'à { NUMBER($give) } % des cartes inconnues.
bots-quinze-speed-lay = { bots-quinze-lay }

## Le Pouilleux

bots-pouilleux-take = Prenez n'importe quelle carte de { $who } : sa main est mélangée avant chaque tirage, la position ne change rien.
bots-pouilleux-end = Finissez le tour : aucune paire spéciale à poser.
bots-pouilleux-last = Posez { $names } : ce sont vos deux dernières cartes, vous gagnez.
bots-pouilleux-jack = Posez { $names } et prenez une carte à { $who } : sa main est la plus grosse, la plus loin de finir, sans risquer de le faire gagner.
bots-pouilleux-keep-queen = Gardez les Dames : { $who } n'a plus qu'une carte, et en sens inverse elle lui serait prise tout de suite.
bots-pouilleux-king-pass = Posez { $names } et échangez entre { $a } et { $b } : vous tenez le pouilleux, c'est votre chance de le passer.
bots-pouilleux-king-swap = Posez { $names } et échangez entre { $a } et { $b } : la carte reçue peut former une paire tout de suite.
bots-pouilleux-ace = Posez { $names } et imposez les paires { $colour ->
    [red] rouges
   *[black] noires
} : c'est la couleur où les autres peuvent former le moins de paires.
bots-pouilleux-shed = Posez { $names } : deux cartes de moins dans votre main.

## Les raisons de la recherche

bots-search-only = { $move } : c'est le seul coup légal.
bots-search = { $move } : sur { $total ->
    [one] { NUMBER($total) } partie simulée
   *[other] { NUMBER($total) } parties simulées
} à partir de donnes compatibles avec ce que vous voyez, ce coup a été essayé { $visits ->
    [one] une fois
   *[other] { NUMBER($visits) } fois
} et a gagné { NUMBER($pct) } % d'entre elles{ $then ->
    [kept] {" "}; { $other } a gagné { NUMBER($other_pct) } %, pas nettement mieux sur si peu de parties.
    [next] {" "}; le suivant, { $other }, a gagné { NUMBER($other_pct) } %.
   *[none] .
}
