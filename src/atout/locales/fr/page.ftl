# Les mots de la page (src/atout/web : i18n.js), en français. Les phrases des jeux viennent du
# maître du jeu (les catalogues des jeux) ; celles-ci sont de la page : ses écrans, les consignes
# de la table, le salon et les formulaires, la plateforme des joueurs.
#
# Identifiants : « page- » puis la clé de la page, _ écrit - (tr("your_turn") : page-your-turn).
# Variables : voir en/page.ftl ; $pointer vaut mouse (souris : « cliquez ») ou touch (doigt :
# « touchez »).

## La langue elle-même (languages.json présente chaque langue ainsi)

page-language-name = Français
page-switch-to = Passer en français
page-locale = fr-FR
page-rules-back = atout : jouer
page-rules-dev = Pour les développeurs

## La page

page-title = atout — jeux de cartes
page-server = Maître du jeu :
page-your-name = Votre nom
page-connect = Se connecter
page-connecting = Connexion à { $url }…
page-connected-as = Connecté·e en tant que { $name }
page-disconnected = Non connecté·e
page-reconnecting = Connexion perdue : reconnexion…
page-saving-paused = L'enregistrement est en pause (la base ne répond pas) : votre coup attend et sera renvoyé tout seul.
page-node-away = Le serveur de la table est injoignable un instant : votre coup sera renvoyé tout seul.
page-table-moved = La table est passée sur un autre serveur : la page la suit d'elle-même.
page-server-stopping = Le maître du jeu redémarre : la page se reconnecte d'elle-même.
page-cannot-connect = Impossible de joindre le maître du jeu : { $why }
page-games = Jeux
page-players-range = { NUMBER($min) } à { $max ->
    [one] { $max } joueur
   *[other] { $max } joueurs
}
page-options = Options
page-default = par défaut
page-open-tables = Tables ouvertes
page-refresh = Actualiser
page-no-tables = Aucune table ouverte. Créez-en une ci-dessous.
page-table-id = Table { $id }
page-join = Rejoindre
page-watch = Regarder
page-join-label = Rejoindre la table { $id }
page-watch-label = Regarder la table { $id }
page-free-seat = libre
page-by-id = Table privée
page-by-id-help = Rejoindre ou regarder une table par son identifiant.
page-table-id-input = Identifiant de la table
page-create = Nouvelle table
page-game = Jeu
page-players = Joueurs
page-seats = Places
page-seat-n = Place J{ NUMBER($n) }
page-human = Joueur
page-bot = Robot
page-bot-named = robot { $low }
page-bot-kind = Robots
page-bot-delay = Pause des robots (secondes)
page-turn-seconds = Temps par tour (secondes, 0 : aucun)
page-private = Privée (non listée ; rejoindre par identifiant)
page-create-button = Créer la table
page-status-waiting = en attente
page-status-playing = en cours
page-status-finished = terminée
page-status-aborted = Cette table a été arrêtée par le maître du jeu après une erreur.
page-status-withheld = Annulée avant la donne, sans résultat : pas de révélation à temps de { $seats }.
page-status-closed = Cette table a été fermée : tous ses joueurs étaient partis.
page-more-tables = Plus de tables
page-away-seat = absent·e : un robot joue
page-spectators = { $n ->
    [one] { $n } spectateur
   *[other] { $n } spectateurs
}
page-leave = Quitter la table
page-leave-confirm = Quitter la partie ? Un robot jouera à votre place.
page-you = vous
page-yourself = Vous
page-you-are = Vous êtes { $seat }
page-spectator = Vous regardez (pas de main)
page-waiting-players = En attente de joueurs. D'autres peuvent rejoindre la table { $id } depuis le salon.
page-your-turn = À vous de jouer
page-your-turn-title = À vous
page-their-turn = { $who } joue…
page-sending = Envoi de votre coup…
page-over = La partie est terminée.
page-board = Table
page-hand = Votre main
page-cards-n = { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
page-hand-label = Votre main : { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
page-stock-label = Pioche : { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
page-stock-draw = Pioche · { NUMBER($n) } : piocher
page-stock-short = Pioche · { NUMBER($n) }
page-discard-label = Défausse : { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
page-discard-short = Défausse · { NUMBER($n) }
page-last-fifteen-short = Dernier quinze · { NUMBER($n) }
page-on-table-label = Sur la table : { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
page-said = { $who } : { $text }
page-labelled = { $label } : { $value }
page-label = { $label } :
page-seat-short = J{ NUMBER($n) }
page-move-from = chez { $who }
page-move-position = la carte n° { NUMBER($n) }
page-pair-rank = { $rank ->
    [10] les 10
    [J] les Valets
    [Q] les Dames
    [K] les Rois
    [A] les As
   *[other] { $cards }
}
page-moves = Vos coups
page-no-moves = Ce n'est pas votre tour.
page-hint = Conseil
page-hint-text = Conseil : { $text }
page-more-moves = { $shown ->
    [one] { $shown } coup listé
   *[other] { $shown } coups listés
} sur { NUMBER($total) }
page-log = Déroulement
page-yes = oui
page-no = non
page-turn-marker = à jouer
page-disconnected-seat = déconnecté·e
page-time-left = encore { NUMBER($s) } s
page-game-over = Partie terminée
page-you-win = Vous gagnez !
page-you-share = Vous partagez la victoire !
page-you-lose = Vous avez perdu.
page-winners = Gagnants : { $who }
page-winner-is = Gagnant : { $who }
page-player = Joueur
page-score = Score
page-seed = Graine (révélée)
page-secret = Secret du maître du jeu (révélé)
page-nonces = Nonce de chaque place
page-commitment = Engagement publié au début
page-seed-ok = ✓ Vérifié ici : le secret du maître du jeu correspond à son engagement, et la graine découle de ce secret et du nonce de chaque place, le vôtre compris.
page-seed-bad = ✗ La donne ne correspond pas à l'engagement !
page-rematch = Revanche
page-rematch-asked = Revanche demandée : en attente des autres joueurs…
page-rematch-votes = Revanche demandée par { $who }
page-back-to-lobby = Retour au salon
page-refused = Refusé : { $text }
page-seat-taken-over = Une autre fenêtre a repris votre place.
page-lost-table = Cette table n'existe plus.
page-skip-link = Aller à vos coups
page-game-master = le maître du jeu
page-hand-of = Main de { $who }
page-levels = Niveaux
page-bot-kinds-raw = Types de robots (pour experts)
page-resume = Reprendre votre place
page-resume-label = Reprendre votre place à la table { $id }
page-title-q2j = Q Squared Joe (Q²J)
page-title-quinze = Le Quinze
page-title-pouilleux = Le Pouilleux (paires spéciales)
page-fill-choice = Places libres
page-fill-bots-now = des robots tout de suite
page-quick-level = Niveau des robots
page-fill-wait = attendre des joueurs (30 s, puis des robots si vous voulez)
page-free-seats-n = Places libres : { NUMBER($n) }
page-waiting-short = En attente de joueurs…
page-invite-link = Inviter quelqu'un :
page-copy = Copier
page-fill-bots = Compléter avec des robots
page-fill-bots-in = Robots dans { NUMBER($s) } s…
page-say = Dire…
page-phrase-hello = Bonjour !
page-phrase-well-played = Bien joué !
page-phrase-gg = Bonne partie !
page-phrase-thanks = Merci !
page-phrase-oops = Oups !
page-phrase-wow = Waouh !
page-welcome-back = Bon retour, { $name }
page-play = Jouer
page-log-in = Se connecter
page-log-out = Se déconnecter
page-logged-out-elsewhere = Vous avez été déconnecté·e (ici ou sur un autre appareil) : jouez en invité·e ou reconnectez-vous.
page-sign-up = Créer un compte
page-as-guest = Jouer en invité·e
page-guest-help = Juste un nom : vos parties ne sont pas classées.
page-account-title = Votre compte
page-account-help = Un nom et un mot de passe : votre classement, vos parties et leurs replays, sur tous vos appareils.
page-account-name = Nom
page-password = Mot de passe (8 caractères ou plus)
page-cannot-reach-api = Le maître du jeu est injoignable.
page-lobby = Salon
page-leaderboards = Classements
page-leaderboard = Classement
page-leaderboard-help = Parties classées seulement (comptes et robots du maître du jeu) ; cote = μ − 3σ (OpenSkill).
page-rating = Cote
page-games-played = Parties
page-wins = Victoires
page-no-rated-games = Aucune partie classée pour l'instant.
page-player-since = Joue depuis le { $date }
page-games-n = { $n ->
    [one] { $n } partie
   *[other] { $n } parties
}
page-wins-n = { $n ->
    [one] { $n } gagnée
   *[other] { $n } gagnées
}
page-recent-games = Parties récentes
page-no-games-yet = Aucune partie terminée pour l'instant.
page-won = Gagnée
page-lost = Perdue
page-unrated = non classée
page-replay = Replay
page-download-record = Télécharger l'enregistrement
page-share = Partager
page-link-copied = Lien copié.
page-replay-controls = Commandes du replay
page-r-first = Au début
page-r-back = Un pas en arrière
page-r-next = Un pas en avant
page-r-last = À la fin
page-r-seek = Étape
page-r-speed = Vitesse
page-r-play = Lecture
page-r-pause = Pause
page-r-step = Étape { NUMBER($n) } sur { NUMBER($total) }
page-r-end = La fin : toutes les mains sont ouvertes
page-rules = Règles
page-how-to-play = Comment jouer
page-full-rules = Toutes les règles
page-got-it = Compris, on joue
page-close = Fermer
page-rules-missing = Impossible de charger les règles.
page-sound = Son
page-mute = Couper le son
page-unmute = Remettre le son
page-move-list = Tous les coups permis (clavier : 1 à 9)
page-move-list-touch = Tous les coups permis
page-spectator-short = spectateur
page-not-playable = { $card } ne peut pas être joué maintenant.
page-choose-player = Choisir { $who }
page-choose-colour = Choisissez la couleur à imposer
page-colour-red = rouge
page-colour-black = noir
page-draw-from = { $pointer ->
    [mouse] Main de { $who } : cliquez sur une carte pour la piocher
   *[touch] Main de { $who } : touchez une carte pour la piocher
}
page-pick-from = { $pointer ->
    [mouse] Main de { $who } : cliquez sur une carte pour la prendre
   *[touch] Main de { $who } : touchez une carte pour la prendre
}
page-blind-card = Carte { NUMBER($n) } sur { NUMBER($total) }, face cachée
page-sort-by-rank = Tri : valeur
page-sort-by-suit = Tri : couleur
page-auto-move = Rien à choisir : { $move }…
page-clear = Effacer
page-confirm = Confirmer
page-stock = Pioche
page-draw-stock = Piocher
page-discard = Défausse
page-q2-banner = Q² de { $who } : un Valet ou la pioche
page-free-lead-banner = Entame libre : n'importe quelle carte
page-shown-cards = Cartes montrées : { $cards }
page-shown-label = en main, vue de tous
page-q2-prompt = Un Q² est sur la pile : jouez un Valet, ou piochez.
page-q2j-prompt = { $pointer ->
    [mouse] Cliquez sur une carte pour la jouer (ou glissez-la sur la pile), ou cliquez sur la pioche.
   *[touch] Touchez une carte pour la jouer (ou glissez-la sur la pile), ou touchez la pioche.
}
page-q2j-prompt-free = { $pointer ->
    [mouse] Entame libre : cliquez sur n'importe quelle carte, ou piochez.
   *[touch] Entame libre : touchez n'importe quelle carte, ou piochez.
}
page-play-q2 = Jouer le Q²
page-tap-more = { $pointer ->
    [mouse] Cliquez sur une autre carte, ou choisissez ci-dessous.
   *[touch] Touchez une autre carte, ou choisissez ci-dessous.
}
page-deal-short = Partie
page-total = Total
page-target-line = Manche en { NUMBER($n) }
page-single-deal = Une seule partie
page-scoreboard = Tableau des scores
page-bonus-title = Sorti au premier tour : −50
page-bonus-note = ★ sorti dès son premier tour : −50. Le plus petit total gagne.
page-on-table = Sur la table
page-table-empty = Aucune carte sur la table
page-last-fifteen = Dernier quinze
page-deal-over-banner = Partie { NUMBER($n) } terminée : partie suivante…
page-deal-line = Partie { NUMBER($n) } · donneur { $dealer }
page-points-n = { $n ->
    [one] { $n } pt
   *[other] { $n } pts
}
page-sum = Somme : { NUMBER($sum) }
page-sum-ace = Somme : { NUMBER($sum) } (As à { NUMBER($ace) })
page-sum-aces = Somme : { NUMBER($low) } ou { NUMBER($high) } (As à { NUMBER($one) } ou { NUMBER($ace) })
page-quinze-prompt = { $pointer ->
    [mouse] Cliquez sur des cartes (les vôtres et celles de la table) qui font 15, ou une carte à poser.
   *[touch] Touchez des cartes (les vôtres et celles de la table) qui font 15, ou une carte à poser.
}
page-quinze-prompt-more = Un autre quinze, ou finissez votre tour.
page-quinze-more = { $pointer ->
    [mouse] Cliquez sur d'autres cartes jusqu'à faire 15.
   *[touch] Touchez d'autres cartes jusqu'à faire 15.
}
page-fifteen-btn = Quinze !
page-lay-btn = Poser { $cards } sur la table
page-laid-pairs-n = { $n ->
    [one] { $n } paire posée
   *[other] { $n } paires posées
}
page-cw = sens horaire
page-ccw = sens antihoraire
page-imposed = { $colour ->
    [red] rouge
   *[black] noir
} imposé par { $who } jusqu'à son prochain tour
page-your-pairs = Vos paires
page-drawing-from = { $who } pioche chez { $from }
page-known-cards = Vous savez : { $cards }
page-effect-10 = Les 10 : le joueur suivant passe son tour.
page-effect-10-two = Les 10 : vous rejouez.
page-effect-q = Les Dames : le sens du jeu s'inverse.
page-effect-k = Les Rois : une carte prise au hasard chez { $a } et une chez { $b } sont échangées.
page-effect-j = Les Valets : vous prenez une carte au hasard chez { $who }.
page-effect-a = Les As : jusqu'à votre prochain tour, les autres ne posent que des paires { $colour ->
    [red] rouges
   *[black] noires
}.
page-choose-two = { $pointer ->
    [mouse] Les Rois : cliquez sur deux joueurs dont les cartes seront échangées (vous compris).
   *[touch] Les Rois : touchez deux joueurs dont les cartes seront échangées (vous compris).
}
page-choose-second = Les Rois : { $who } et qui d'autre ?
page-choose-victim = { $pointer ->
    [mouse] Les Valets : cliquez sur le joueur chez qui prendre une carte.
   *[touch] Les Valets : touchez le joueur chez qui prendre une carte.
}
page-pou-draw = { $pointer ->
    [mouse] Piochez une carte au hasard chez { $who } : cliquez sur l'une de ses cartes.
   *[touch] Piochez une carte au hasard chez { $who } : touchez l'une de ses cartes.
}
page-pou-pick = { $pointer ->
    [mouse] Prenez une carte au hasard chez { $who } : cliquez sur l'une de ses cartes.
   *[touch] Prenez une carte au hasard chez { $who } : touchez l'une de ses cartes.
}
page-pou-act = { $pointer ->
    [mouse] Cliquez sur une paire spéciale pour la poser, ou finissez votre tour.
   *[touch] Touchez une paire spéciale pour la poser, ou finissez votre tour.
}
page-generic-prompt = { $pointer ->
    [mouse] À vous : cliquez sur une carte ou choisissez un coup.
   *[touch] À vous : touchez une carte ou choisissez un coup.
}
page-cards-left = Cartes restantes
page-points = Points
page-winner = gagnant
page-loser = perdu
page-grand-perdant = grand perdant
page-pouilleux-holder = { $who } garde le pouilleux (V♠) : grand perdant.
page-pouilleux-holder-two = { $who } garde le pouilleux (V♠).
page-ranking = Classement
page-deals-caption = Points par partie
page-see-table = Voir la table
page-see-result = Le résultat
page-your-turn-line = À vous de jouer.
page-fairness = Donne équitable : comment la vérifier
page-fairness-help = Personne n'a pu choisir cette donne : le maître du jeu s'est engagé sur un secret avant que quiconque s'asseye, la page de chaque joueur a ajouté un nonce au hasard, et la graine est l'empreinte de l'ensemble. Le secret et les nonces sont révélés maintenant ; `atout verify` rejoue toute la partie à partir d'eux.
page-play-now = Jouer tout de suite contre des robots
page-quick-players = { $n ->
    [one] { $n } joueur
   *[other] { $n } joueurs
}
page-play-with = Jouer, joueurs :
page-game-tagline-q2j = Un jeu de défausse : battez la carte du dessus, gare au Q².
page-game-tagline-quinze = Faites des quinze avec vos cartes et celles de la table.
page-game-tagline-pouilleux = Pairez vos cartes et ne gardez pas le Valet de pique.

## Les cartes

page-card-name = { $rank ->
    [A] As
    [J] Valet
    [Q] Dame
    [K] Roi
   *[other] { $rank }
} de { $suit ->
    [C] trèfle
    [D] carreau
    [H] cœur
   *[S] pique
}
page-card-joker = Joker
page-card-copy = { $card } (jeu { NUMBER($deck) })
page-card-rank = { $rank ->
    [J] V
    [Q] D
    [K] R
   *[other] { $rank }
}

## Valeurs des vues, des résultats et des options

page-value-red = rouge
page-value-black = noir
page-value-play = jeu
page-value-draw = pioche
page-value-lay = pose
page-value-pick = prise
page-value-scoring = décompte
page-value-over = terminée
page-value-emptied-hand = main vidée
page-value-free-lead = entame libre
page-value-beat-queen = battre une Dame
page-value-keep = garder
page-value-discard = défausser
page-value-skip-draw = ne pas piocher
page-value-reshuffle-table = remélanger la table
page-value-end-deal = finir la partie
page-value-heuristic = heuristique
page-value-random = hasard
page-value-ismcts = ISMCTS (recherche)

## Types de coups, en verbes

page-verb-play = Jouer
page-verb-draw = Piocher
page-verb-lay = Poser
page-verb-pick = Prendre
page-verb-end = Finir le tour
page-verb-fifteen = Quinze
page-verb-done = Finir le tour
page-verb-pass = Passer
page-verb-deal = Distribuer

## Les options des jeux, dites pour les joueurs (celles du maître du jeu sont pour les développeurs)

page-option-face-on-ace = Figure sur un As
    .help = Un Valet, une Dame ou un Roi peut-il être posé sur un As d'une autre couleur ? Par défaut non (les cartes numérotées d'une autre couleur, plus hautes que l'As, le peuvent).
page-option-q2-return = Retour du Q²
    .help = Quand le tour revient au joueur du Q² : « entame libre » — il pose n'importe quelle carte ; « battre une Dame » — il doit battre une Dame de l'une des couleurs de la paire (ou piocher).
page-option-initial-special-pairs = Paires spéciales de la donne
    .help = Paires spéciales (10, V, D, R, A) trouvées dans la donne : « garder » — elles restent en main et se posent plus tard, avec leur effet ; « défausser » — elles sont posées tout de suite, sans effet.
page-option-max-turns = Tours maximum
    .help = Après ce nombre de tours la partie s'arrête : le moins de cartes en main gagne (ex æquo possibles).
page-option-match = Manche
    .help = Oui : une manche de plusieurs parties, jusqu'à ce qu'un total atteigne la cible ; le plus petit total gagne. Non : une seule partie, le premier qui n'a plus de cartes gagne.
page-option-target = Cible
    .help = La manche s'arrête après la partie où un total atteint ce nombre.
page-option-empty-stock = Pioche vide
    .help = Pioche et défausse vides : « ne pas piocher » — le joueur ne pioche pas ; « remélanger la table » — les cartes de la table refont la pioche ; « finir la partie » — la partie s'arrête et se compte telle quelle.
page-option-speed = Variante rapide
    .help = Après un quinze qui a pris une carte de la table, le joueur peut finir son tour en posant une carte sur la table (jamais la dernière).
page-option-max-rounds = Tours de table maximum
    .help = Une partie qui dure encore après ce nombre de tours de table s'arrête et se compte telle quelle.
