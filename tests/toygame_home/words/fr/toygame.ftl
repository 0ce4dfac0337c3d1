# Match (le jeu jouet des tests) en mots : un jeu venu d'ailleurs que le paquet apporte son propre
# catalogue (enregistré, le jeu ajoute ce répertoire : son home). Variables : $who une place, $c et $top
# des cartes par leur nom.

# Le nom du jeu (ses titres dans list_games)
match-title = Pareil (un jouet)

toygame-refused-no-match = { $c } n'a ni la couleur ni la valeur de { $top }.
toygame-refused-stock-empty = Plus rien à piocher : passez.
toygame-refused-must-draw = Piochez tant qu'il reste des cartes.

toygame-move-play = jouer { $c }
toygame-move-draw = piocher
toygame-move-pass = passer

toygame-play = { $who } joue { $c }.
toygame-draw = { $who } pioche { $c }.
toygame-draw-hidden = { $who } pioche une carte.
toygame-pass = { $who } passe.
# $count le nombre de gagnants, $winners tous
toygame-game-over = { $count ->
    [one] Gagnant : { $winners }.
   *[other] Gagnants : { $winners }.
}

## Les champs de la vue, tels qu'un client les nomme (atout.games.base.shows ; les valeurs d'une phase aussi)

toygame-view-top = Carte visible
toygame-view-stock-size = Reste à piocher
toygame-view-passes = Passes d'affilée
