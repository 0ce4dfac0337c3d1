# La ligne de commande (atout.cli et les commandes d'atout.server, atout.sim, atout.tui) : sa
# ligne unique pour une erreur, les mots de sa démo. Les valeurs reprises de la ligne de
# commande ($given, $port…) arrivent telles que tapées.

## Une erreur en une ligne (code de sortie 2 ; 1 pour un bogue)

# $text ce qui n'a pas marché
cli-error = Erreur : { $text }
# $code le code de l'erreur
cli-error-coded = Erreur : { $text } ({ $code })
# $why les mots de la base de données
cli-error-database = Erreur : base de données : { $why }
# $kind le type de l'exception, $why ses mots
cli-error-internal = Erreur interne ({ $kind }: { $why }) ; ATOUT_DEBUG=1 montre la trace

## Les erreurs de la bibliothèque de ligne de commande, redites (son anglais est le sien)

# $what l'option ou l'argument ; $rest ce qui ne va pas
cli-click-invalid-value = Valeur invalide pour { $what } : { $rest }
cli-click-missing-argument = Argument manquant { $what }.
cli-click-missing-option = Option manquante { $what }.
cli-click-no-option = Option inconnue : { $what }
cli-click-no-command = Commande inconnue { $what }.
# $args les arguments en trop, $count combien
cli-click-extra = { $count ->
    [one] Argument
   *[other] Arguments
} en trop : { $args }
# $least, $most une borne, telle que tapée
cli-click-at-least = la valeur doit être au moins { $least }
cli-click-at-most = la valeur doit être au plus { $most }
cli-click-integer = un nombre entier est attendu
cli-click-number = un nombre est attendu
cli-click-needs-value = L'option { $what } attend une valeur.
# $given la langue demandée, $known celles du catalogue
cli-bad-lang = { $given } : la langue est l'une de { $known }

## Les valeurs

# $option l'option, $given sa valeur, $item la partie qui ne va pas
cli-not-whole-number = { $option } { $given } : { $item } n'est pas un nombre entier (par ex. { $option } 2,4)
cli-not-address = { $option } { $given } : { $item } n'est pas l'adresse d'un maître du jeu (ws://HÔTE:PORT/ws ou wss://…, plusieurs séparées par des virgules)
# $item un -o nom=valeur tel que tapé
cli-option-form = -o { $item } : une option s'écrit nom=valeur (par ex. -o face_on_ace=true)
# $game l'id d'un jeu, $name l'option demandée, $names ses options
cli-option-unknown = -o { $item } : { $game } n'a pas d'option { $name } (ses options : { $names })
cli-option-none = aucune
# $choices les valeurs qu'elle peut prendre
cli-option-one-of = -o { $item } : { $name } vaut l'un de { $choices }
cli-option-boolean = -o { $item } : { $name } vaut true ou false
cli-option-integer = -o { $item } : { $name } est un nombre entier
# $least, $most les bornes
cli-option-integer-between = -o { $item } : { $name } est un nombre entier de { $least } à { $most }
cli-option-integer-from = -o { $item } : { $name } est un nombre entier d'au moins { $least }

## atout serve, bots, verify, export, backup

# $host une adresse telle que tapée, $why les mots du système
cli-cannot-listen = impossible d'écouter sur --host { $host } : { $why }
# $alt un autre port à essayer
cli-port-taken = le port { $port } est déjà pris sur { $host } (un autre maître du jeu ?) : choisissez-en un autre avec --port, par ex. --port { $alt }
cli-port-forbidden = pas le droit d'écouter sur le port { $port } : prenez-en un au-delà de 1023 avec --port
cli-host-not-here = --host { $host } n'est pas une adresse de cette machine
# $url l'adresse du maître du jeu telle que tapée
cli-unreachable-refused = impossible de joindre le maître du jeu à --url { $url } : connexion refusée ('atout serve' tourne-t-il là ?)
cli-unreachable = impossible de joindre le maître du jeu à --url { $url } : { $why }
# $record un fichier
cli-not-a-record = { $record } n'est pas un enregistrement de 'atout export' ({ $why })
cli-nested-too-deep = imbriqué trop profondément
# $path un fichier
cli-no-database = pas de base de données à { $path }
# $table l'id d'une table
cli-no-table = pas de table { $table }
cli-table-not-finished = la table { $table } n'est pas finie : sa graine reste secrète
cli-file-exists = { $path } existe déjà : choisissez un autre fichier

## atout tournament, play

# $flag une option, $example une valeur pour elle
cli-nothing-to-play = { $flag } { $given } : rien à jouer (par ex. { $flag } { $example })
cli-no-bot-kind = --bots { $given } : donnez au moins un type de robot (par ex. --bots heuristic,random)
# $cap le plus de processus
cli-too-many-workers = --workers { $given } : { $cap ->
    [one] { $cap } processus
   *[other] { $cap } processus
} au plus ici (0 : un par cœur)
# $last le numéro de la dernière place
cli-bad-seats = --bots { $given } : les places vont de 0 à { $last }
cli-level-and-kind = --level { $level } et --bot-kind { $kind } : donnez l'un ou l'autre
# $levels les niveaux qui existent
cli-no-level = --level { $level } : ce niveau n'existe pas ; les niveaux sont { $levels }

## atout demo

# $game le titre du jeu, $players combien jouent, $seed la graine
cli-demo-title = { $game } — { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, graine { $seed }
# $seat une place, $cards ses cartes
cli-demo-hand = main de { $seat } : { $cards }
# $count combien de coups ont été joués
cli-demo-moves = { $count ->
    [one] { $count } coup.
   *[other] { $count } coups.
}
