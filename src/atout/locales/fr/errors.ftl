# Les refus du maître du jeu, dits aux joueurs (le message de chaque erreur ; docs/PROTOCOL.md
# liste les codes). Les valeurs citées ($table, $name…) arrivent entre guillemets ; $wait et
# les autres durées sont en secondes.

## La trame elle-même

error-protocol-hello-required = Envoyez d'abord 'hello'.
# $versions les versions que parle ce serveur
error-protocol-version = Aucune version de protocole commune ; ce serveur parle { $versions }.
error-protocol-binary = Les trames binaires ne sont pas acceptées : envoyez chaque message en une trame texte JSON.
# $limit le plus d'octets qu'un message peut avoir
error-protocol-too-large = Un message a au plus { $limit ->
    [one] { NUMBER($limit, useGrouping: 0) } octet
   *[other] { NUMBER($limit, useGrouping: 0) } octets
} : fermeture (1009).

# Une trame qui n'est pas une commande valide ; $why les mots du décodeur (en anglais)
error-protocol-bad-message = Message invalide : { $why }
# $why ce qui ne va pas dans les octets
error-protocol-bad-utf8 = Message invalide : UTF-8 invalide ({ $why }).
# $most l'imbrication la plus profonde qu'une trame peut avoir
error-protocol-too-deep = Message invalide : plus de { $most ->
    [one] { $most } niveau
   *[other] { $most } niveaux
} d'imbrication.

## Le serveur

error-server-internal = Erreur interne.
error-server-record-missing = L'archive manque.
error-server-shutting-down = Le serveur s'arrête ; reconnectez-vous plus tard avec votre jeton.
error-server-busy = Le serveur est occupé : réessayez dans { NUMBER($wait) } s.
error-server-slow = Le serveur a mis trop de temps à répondre ; votre demande peut encore aboutir : vérifiez, ou réessayez dans { NUMBER($wait) } s.
error-server-no-database = La base de données est injoignable : réessayez dans quelques secondes ; rien n'a changé.
error-node-unavailable = Le nœud de cette table est injoignable pour l'instant ; rien n'a été fait : renvoyez dans { NUMBER($wait) } s.
error-store-unavailable = L'enregistrement est en pause (la base ne répond pas) ; vos coups attendent : renvoyez dans { NUMBER($wait) } s.
error-table-moved = La table est passée sur un autre nœud : reconnectez-vous et reprenez avec votre jeton.

## Limites

error-limit-rate = Trop de commandes : réessayez dans { NUMBER($wait, minimumFractionDigits: 2, maximumFractionDigits: 2) } s.
error-limit-create-rate = Trop de tables créées : réessayez dans { NUMBER($wait, minimumFractionDigits: 2, maximumFractionDigits: 2) } s.
# Une réaction ou une ligne de discussion trop tôt après la précédente
error-limit-talk = Pas si vite : réessayez dans { NUMBER($wait, minimumFractionDigits: 1, maximumFractionDigits: 1) } s.
# $most les tables ouvertes qu'une connexion ou une adresse peut avoir
error-limit-open-tables = Vous avez déjà { $most ->
    [one] { $most } table ouverte
   *[other] { $most } tables ouvertes
} : commencez, finissez ou quittez-en une.
error-limit-bot-tables = Ce serveur joue au plus { $most ->
    [one] { $most } table
   *[other] { $most } tables
} de robots seuls à la fois.

## Noms

# $most le plus de caractères d'un nom
error-name-empty = Choisissez un nom.
error-name-too_long = Un nom a { $most ->
    [one] { $most } caractère
   *[other] { $most } caractères
} au plus.
error-name-bidi = Un nom ne peut pas contenir de marques de sens d'écriture.
error-name-invisible = Un nom ne peut pas contenir de caractères invisibles (espaces sans chasse, traits d'union conditionnels, liants, sélecteurs de variante…).
error-name-control = Un nom ne peut pas contenir de caractères de contrôle.
error-name-characters = Un nom se compose de lettres, chiffres, espaces et - _ . ' et commence par une lettre ou un chiffre.
error-name-reserved = Ce nom est réservé (gm, admin, bot…, les niveaux des robots) : choisissez-en un autre.
error-lobby-bad-name = Ce nom est refusé : vide ou de plus de { $most ->
    [one] { $most } caractère
   *[other] { $most } caractères
}, il contient des caractères invisibles, de contrôle ou de direction ou autre chose que des lettres, chiffres, espaces et - _ . ', ou il est réservé ('gm', 'admin', 'bot…').
# $name le nom demandé, $account celui du compte auquel il ressemble
error-lobby-name-account = { $name } est, ou ressemble à, le nom du compte { $account } : connectez-vous pour l'utiliser, ou choisissez-en un autre.
# $seated le nom d'un joueur de la table, $name le nom demandé
error-lobby-name-seated = { $seated } est assis à cette table et { $name } lui ressemble : choisissez un autre nom ou une autre table.

## Le salon

error-lobby-unknown-table = Pas de table { $table }.
error-lobby-bad-bot-seats = Les places des robots doivent être des places distinctes de la table.
# $kind le type demandé, $known les types qui existent
error-lobby-bad-bot-kind = Type de robot inconnu { $kind } ; connus : { $known }.
error-lobby-bad-bot-level = Niveau inconnu { $level } ; les niveaux sont { $levels }.
error-lobby-bad-cursor = 'after' doit être le 'next' d'une réponse 'tables' précédente.
# $option le nom d'une option, $most son maximum ici, $asked ce qui était demandé
error-lobby-option-limit = L'option { $option } vaut au plus { NUMBER($most) } sur ce serveur (demandé : { NUMBER($asked) }).
error-lobby-account-seated = Votre compte a déjà un siège à cette table : reprenez-le.
error-lobby-table-full = Plus de place libre.
# $seat le numéro d'un siège
error-lobby-bad-seat = Pas de siège { NUMBER($seat) } à cette table.
error-lobby-seat-taken = Le siège { NUMBER($seat) } est pris.
error-lobby-bad-token = Ce jeton ne correspond à aucun siège de cette table.
error-lobby-already-seated = Vous occupez déjà une place à cette table.

## Une table

error-table-already-started = La partie a déjà commencé.
error-table-not-started = La partie n'a pas commencé.
error-table-not-finished = La partie n'est pas finie.
error-game-over = La partie est terminée.
error-table-not-seated = Vous n'avez pas de siège à cette table.
error-table-not-seated-start = Seul un joueur assis peut lancer la partie.
error-table-not-seated-fill = Seul un joueur assis peut compléter la table avec des robots.
error-table-not-seated-rematch = Seul un joueur de cette table peut demander une revanche.
error-table-not-ready = Tous les sièges doivent être pris.
error-table-too-early = Attendez encore { NUMBER($wait, maximumFractionDigits: 0) } s d'autres joueurs avant les robots.
# $status aborted ou closed
error-table-closed = Cette table a été fermée ({ $status }) : elle s'est terminée sans résultat.
error-table-revealing = Tous les sièges sont pris et ils révèlent leurs nonces : attendez la donne.
error-table-no-commitment = Votre siège ne s'est engagé sur aucun nonce : celui du maître du jeu compte.
error-table-not-revealing = Aucune révélation n'est demandée : le maître du jeu la demande quand tous les sièges sont pris.
error-table-bad-reveal = Ce nonce ne correspond pas à l'engagement de votre siège.
# $version la version de l'état où le coup a été choisi, $current celle d'aujourd'hui
error-table-stale-state = Votre coup a été choisi sur la version { NUMBER($version) } ; l'état est à la version { NUMBER($current) }.
# $current le siège dont c'est le tour, $seat celui qui a voulu jouer
error-not-your-turn = C'est au tour du siège { NUMBER($current) }, pas du siège { NUMBER($seat) }.
error-table-seat-taken-over = Une autre connexion a repris votre siège avec son jeton.
error-table-chat-disabled = Ce serveur n'a pas de discussion libre : utilisez les réactions.
error-table-bad-text = Rien à dire : le texte est vide.
error-table-not-member = Seuls les joueurs et spectateurs de cette table peuvent lui parler.
# Dit à la place d'une carte que le lecteur ne peut pas voir, dans un refus.
error-this-card = cette carte

## Comptes et API HTTP

error-account-logged-out = Cette session a été fermée (ici ou sur un autre appareil) : vous êtes de nouveau invité.
# $least, $most le moins et le plus de caractères d'un mot de passe
error-account-bad-password = Un mot de passe a de { NUMBER($least) } à { NUMBER($most) } caractères.
error-account-name-taken = Ce nom est déjà pris.
# $account le nom du compte auquel celui-ci ressemble
error-account-name-confusable = Ce nom ressemble à celui du compte { $account } : choisissez-en un autre.
error-account-bad-login = Nom ou mot de passe incorrect.
error-account-not-logged-in = Vous n'êtes pas connecté.
error-account-unknown = Pas de joueur { $name }.
error-account-rate-limited = Trop de tentatives : réessayez dans { NUMBER($wait) } s.
error-api-not-found = Pas de point d'accès { $path }.
error-api-method = Utilisez { $method } ici.
error-api-too-large = Le corps a au plus { $most ->
    [one] { NUMBER($most, useGrouping: 0) } octet
   *[other] { NUMBER($most, useGrouping: 0) } octets
}.
error-api-bad-content-type = Envoyez le corps en application/json.
# $why ce qu'a dit le décodeur
error-api-bad-request = Requête invalide : { $why }
error-api-malformed = Requête HTTP mal formée (un corps demande un Content-Length).
# $key un paramètre de la requête, $least et $most ses bornes
error-api-bad-query = '{ $key }' est un nombre entier de { NUMBER($least) } à { NUMBER($most) }.
error-api-unknown-game = Pas de jeu { $game }.
error-api-unknown-table = Pas de table terminée { $table }.
