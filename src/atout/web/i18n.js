// The page's own words in English and French (game sentences come from the game master).

const TEXTS = {
  // key: [English, French]
  title: ["atout — card games", "atout — jeux de cartes"],
  language: ["Language", "Langue"],
  switch_lang: ["Français", "English"],
  switch_lang_label: ["Passer en français", "Switch to English"],
  server: ["Game master", "Maître du jeu"],
  your_name: ["Your name", "Votre nom"],
  connect: ["Connect", "Se connecter"],
  connecting: ["Connecting to {url}…", "Connexion à {url}…"],
  connected_as: ["Connected as {name}", "Connecté·e en tant que {name}"],
  disconnected: ["Not connected", "Non connecté·e"],
  reconnecting: ["Connection lost: reconnecting…", "Connexion perdue : reconnexion…"],
  cannot_connect: ["Cannot reach the game master: {why}", "Impossible de joindre le maître du jeu : {why}"],
  games: ["Games", "Jeux"],
  players_range: ["{min}–{max} players", "{min} à {max} joueurs"],
  options: ["Options", "Options"],
  default: ["default", "par défaut"],
  open_tables: ["Open tables", "Tables ouvertes"],
  refresh: ["Refresh", "Actualiser"],
  no_tables: ["No open table. Create one below.", "Aucune table ouverte. Créez-en une ci-dessous."],
  table_id: ["Table {id}", "Table {id}"],
  join: ["Join", "Rejoindre"],
  watch: ["Watch", "Regarder"],
  join_label: ["Join table {id}", "Rejoindre la table {id}"],
  watch_label: ["Watch table {id}", "Regarder la table {id}"],
  free_seat: ["free", "libre"],
  by_id: ["Private table", "Table privée"],
  by_id_help: ["Join or watch a table by its id.", "Rejoindre ou regarder une table par son identifiant."],
  table_id_input: ["Table id", "Identifiant de la table"],
  create: ["New table", "Nouvelle table"],
  game: ["Game", "Jeu"],
  players: ["Players", "Joueurs"],
  seats: ["Seats", "Places"],
  seat_n: ["Seat P{n}", "Place J{n}"],
  human: ["Player", "Joueur"],
  bot: ["Bot", "Robot"],
  bot_kind: ["Bots", "Robots"],
  bot_delay: ["Bot pause (seconds)", "Pause des robots (secondes)"],
  turn_seconds: ["Turn time limit (seconds, 0: none)", "Temps par tour (secondes, 0 : aucun)"],
  private: ["Private (not listed; join by id)", "Privée (non listée ; rejoindre par identifiant)"],
  create_button: ["Create the table", "Créer la table"],
  status_waiting: ["waiting", "en attente"],
  status_playing: ["playing", "en cours"],
  status_finished: ["finished", "terminée"],
  status_aborted: ["This table was stopped by the game master after an error.", "Cette table a été arrêtée par le maître du jeu après une erreur."],
  status_closed: ["This table was closed: its players had all left.", "Cette table a été fermée : tous ses joueurs étaient partis."],
  more_tables: ["More tables", "Plus de tables"],
  away_seat: ["away: a bot plays", "absent·e : un robot joue"],
  spectators: ["{n} watching", "{n} spectateur(s)"],
  leave: ["Leave the table", "Quitter la table"],
  leave_confirm: [
    "Leave the game? A bot will play your seat.",
    "Quitter la partie ? Un robot jouera à votre place.",
  ],
  you: ["you", "vous"],
  you_are: ["You are {seat}", "Vous êtes {seat}"],
  spectator: ["You are watching (no hand)", "Vous regardez (pas de main)"],
  waiting_players: [
    "Waiting for players. Others can join table {id} from the lobby.",
    "En attente de joueurs. D'autres peuvent rejoindre la table {id} depuis le salon.",
  ],
  your_turn: ["Your turn", "À vous de jouer"],
  your_turn_title: ["Your turn", "À vous"],
  their_turn: ["{who} is playing…", "{who} joue…"],
  sending: ["Sending your move…", "Envoi de votre coup…"],
  over: ["The game is over.", "La partie est terminée."],
  board: ["Table", "Table"],
  hand: ["Your hand", "Votre main"],
  moves: ["Your moves", "Vos coups"],
  no_moves: ["Not your turn.", "Ce n'est pas votre tour."],
  hint: ["Hint", "Conseil"],
  hint_text: ["Hint: {text}", "Conseil : {text}"],
  more_moves: ["{shown} of {total} moves listed", "{shown} coups listés sur {total}"],
  log: ["What happened", "Déroulement"],
  card: ["card", "carte"],
  cards: ["cards", "cartes"],
  yes: ["yes", "oui"],
  no: ["no", "non"],
  turn_marker: ["to play", "à jouer"],
  disconnected_seat: ["disconnected", "déconnecté·e"],
  time_left: ["{s} s left", "encore {s} s"],
  game_over: ["Game over", "Partie terminée"],
  you_win: ["You win!", "Vous gagnez !"],
  you_share: ["You share the win!", "Vous partagez la victoire !"],
  you_lose: ["You lose.", "Vous avez perdu."],
  winners: ["Winner(s): {who}", "Gagnant(s) : {who}"],
  seat: ["Seat", "Place"],
  player: ["Player", "Joueur"],
  score: ["Score", "Score"],
  seed: ["Seed (revealed)", "Graine (révélée)"],
  secret: ["The game master's secret (revealed)", "Secret du maître du jeu (révélé)"],
  nonces: ["Each seat's nonce", "Nonce de chaque place"],
  commitment: ["Commitment published at the start", "Engagement publié au début"],
  seed_ok: [
    "✓ Checked here: the game master's secret matches its commitment, and the seed follows from that secret and every seat's nonce, yours included.",
    "✓ Vérifié ici : le secret du maître du jeu correspond à son engagement, et la graine découle de ce secret et du nonce de chaque place, le vôtre compris.",
  ],
  seed_bad: ["✗ The deal does not match what was committed!", "✗ La donne ne correspond pas à l'engagement !"],
  seed_unchecked: ["(this page cannot check it here: no WebCrypto)", "(vérification impossible ici : pas de WebCrypto)"],
  rematch: ["Rematch", "Revanche"],
  rematch_asked: ["Rematch asked: waiting for the other players…", "Revanche demandée : en attente des autres joueurs…"],
  rematch_votes: ["Rematch asked by {who}", "Revanche demandée par {who}"],
  back_to_lobby: ["Back to the lobby", "Retour au salon"],
  refused: ["Refused: {text}", "Refusé : {text}"],
  seat_taken_over: ["Another window took over your seat.", "Une autre fenêtre a repris votre place."],
  lost_table: ["That table is gone.", "Cette table n'existe plus."],
  skip_link: ["Skip to your moves", "Aller à vos coups"],
  game_master: ["the game master", "le maître du jeu"],

  // the card table
  leave_short: ["Lobby", "Salon"],
  rules: ["Rules", "Règles"],
  how_to_play: ["How to play", "Comment jouer"],
  full_rules: ["All the rules", "Toutes les règles"],
  got_it: ["Got it, let's play", "Compris, on joue"],
  close: ["Close", "Fermer"],
  rules_missing: ["The rules could not be loaded.", "Impossible de charger les règles."],
  sound: ["Sound", "Son"],
  mute: ["Mute the sounds", "Couper le son"],
  unmute: ["Turn the sounds on", "Remettre le son"],
  players: ["Players", "Joueurs"],
  move_list: ["All legal moves (keyboard: 1–9)", "Tous les coups permis (clavier : 1 à 9)"],
  spectator_short: ["watching", "spectateur"],
  not_playable: ["{card} cannot be played now.", "{card} ne peut pas être joué maintenant."],
  choose_player: ["Choose {who}", "Choisir {who}"],
  choose_colour: ["Choose the colour to impose", "Choisissez la couleur à imposer"],
  colour_red: ["red", "rouge"],
  colour_black: ["black", "noir"],
  draw_from: ["{who}'s hand: tap a card to draw it", "Main de {who} : touchez une carte pour la piocher"],
  pick_from: ["{who}'s hand: tap a card to take it", "Main de {who} : touchez une carte pour la prendre"],
  blind_card: ["Card {n} of {total}, face down", "Carte {n} sur {total}, face cachée"],
  sort_by_rank: ["Sort: rank", "Tri : valeur"],
  sort_by_suit: ["Sort: suit", "Tri : couleur"],
  auto_move: ["Nothing to choose: {move}…", "Rien à choisir : {move}…"],
  clear: ["Clear", "Effacer"],
  confirm: ["Confirm", "Confirmer"],
  stock: ["Pioche", "Pioche"],
  draw_stock: ["Draw from the pioche", "Piocher"],
  discard: ["Défausse", "Défausse"],
  q2_banner: ["Q² by {who}: play a Jack or draw", "Q² de {who} : un Valet ou la pioche"],
  free_lead_banner: ["Free lead: play any card", "Entame libre : n'importe quelle carte"],
  shown_cards: ["Shown cards: {cards}", "Cartes montrées : {cards}"],
  q2_prompt: ["A Q² is on the pile: play a Jack, or draw.", "Un Q² est sur la pile : jouez un Valet, ou piochez."],
  q2j_prompt: ["Tap a card to play it (or drag it to the pile), or tap the pioche to draw.", "Touchez une carte pour la jouer (ou glissez-la sur la pile), ou touchez la pioche."],
  q2j_prompt_free: ["Free lead: tap any card to play it, or draw.", "Entame libre : touchez n'importe quelle carte, ou piochez."],
  play_q2: ["Play the Q²", "Jouer le Q²"],
  tap_more: ["Tap another card, or choose below.", "Touchez une autre carte, ou choisissez ci-dessous."],
  deal_short: ["Deal", "Partie"],
  total: ["Total", "Total"],
  target_line: ["Match to {n}", "Manche en {n}"],
  single_deal: ["One deal", "Une seule partie"],
  scoreboard: ["Scoreboard", "Tableau des scores"],
  bonus_title: ["Went out on their first turn: −50", "Sorti au premier tour : −50"],
  bonus_note: ["★ went out on their first turn: −50. The lowest total wins.", "★ sorti dès son premier tour : −50. Le plus petit total gagne."],
  on_table: ["On the table", "Sur la table"],
  table_empty: ["No card on the table", "Aucune carte sur la table"],
  last_fifteen: ["Last fifteen", "Dernier quinze"],
  deal_over_banner: ["Deal {n} is over: next deal…", "Partie {n} terminée : partie suivante…"],
  deal_line: ["Deal {n} · dealer {dealer}", "Partie {n} · donneur {dealer}"],
  points_n: ["{n} pts", "{n} pts"],
  sum: ["Sum: {sum}", "Somme : {sum}"],
  quinze_prompt: ["Tap cards (yours and the table's) that add up to 15, or one card to lay it.", "Touchez des cartes (les vôtres et celles de la table) qui font 15, ou une carte à poser."],
  quinze_prompt_more: ["Another fifteen, or end your turn.", "Un autre quinze, ou finissez votre tour."],
  quinze_more: ["Keep tapping cards until they make 15.", "Touchez d'autres cartes jusqu'à faire 15."],
  fifteen_btn: ["Fifteen!", "Quinze !"],
  lay_btn: ["Lay {cards} on the table", "Poser {cards} sur la table"],
  laid_pairs_n: ["{n} pairs laid", "{n} paires posées"],
  cw: ["clockwise", "sens horaire"],
  ccw: ["counter-clockwise", "sens antihoraire"],
  imposed: ["{colour} imposed by {who} until their next turn", "{colour} imposé par {who} jusqu'à son prochain tour"],
  your_pairs: ["Your pairs", "Vos paires"],
  drawing_from: ["{who} draws from {from}", "{who} pioche chez {from}"],
  known_cards: ["You know: {cards}", "Vous savez : {cards}"],
  effect_10: ["10s: the next player skips a turn.", "Les 10 : le joueur suivant passe son tour."],
  effect_10_two: ["10s: you play again.", "Les 10 : vous rejouez."],
  effect_q: ["Queens: the direction of play reverses.", "Les Dames : le sens du jeu s'inverse."],
  effect_k: ["Kings: one card taken at random from {a} and one from {b} are swapped.", "Les Rois : une carte prise au hasard chez {a} et une chez {b} sont échangées."],
  effect_j: ["Jacks: you take one card blind from {who}.", "Les Valets : vous prenez une carte au hasard chez {who}."],
  effect_a: ["Aces: until your next turn, the others may lay only {colour} pairs.", "Les As : jusqu'à votre prochain tour, les autres ne posent que des paires {colour}s."],
  choose_two: ["Kings: tap two players whose cards are swapped (you may name yourself).", "Les Rois : touchez deux joueurs dont les cartes seront échangées (vous compris)."],
  choose_second: ["Kings: {who} and who else?", "Les Rois : {who} et qui d'autre ?"],
  choose_victim: ["Jacks: tap the player to take a card from.", "Les Valets : touchez le joueur chez qui prendre une carte."],
  pou_draw: ["Draw a card blind from {who}: tap one of their cards.", "Piochez une carte au hasard chez {who} : touchez l'une de ses cartes."],
  pou_pick: ["Take a card blind from {who}: tap one of their cards.", "Prenez une carte au hasard chez {who} : touchez l'une de ses cartes."],
  pou_act: ["Tap a special pair to lay it, or end your turn.", "Touchez une paire spéciale pour la poser, ou finissez votre tour."],
  generic_prompt: ["Your turn: tap a card or choose a move.", "À vous : touchez une carte ou choisissez un coup."],
  cards_left: ["Cards left", "Cartes restantes"],
  points: ["Points", "Points"],
  winner: ["winner", "gagnant"],
  loser: ["lost", "perdu"],
  grand_perdant: ["grand perdant", "grand perdant"],
  pouilleux_holder: ["{who} is left with the pouilleux (J♠): the grand perdant.", "{who} garde le pouilleux (V♠) : grand perdant."],
  pouilleux_holder_two: ["{who} is left with the pouilleux (J♠).", "{who} garde le pouilleux (V♠)."],
  ranking: ["Ranking", "Classement"],
  deals_caption: ["Points per deal", "Points par partie"],
  see_table: ["See the table", "Voir la table"],
  fairness: ["Fair deal: how to check it", "Donne équitable : comment la vérifier"],
  fairness_help: [
    "Nobody could choose this deal: the game master committed to a secret before anyone sat down, each player's page added a random nonce, and the seed is the hash of them all. The secret and the nonces are revealed now; `atout verify` replays the whole game from them.",
    "Personne n'a pu choisir cette donne : le maître du jeu s'est engagé sur un secret avant que quiconque s'asseye, la page de chaque joueur a ajouté un nonce au hasard, et la graine est l'empreinte de l'ensemble. Le secret et les nonces sont révélés maintenant ; `atout verify` rejoue toute la partie à partir d'eux.",
  ],
  play_now: ["Play now against bots", "Jouer tout de suite contre des robots"],
  quick_players: ["{n} players", "{n} joueurs"],
  play_with: ["Play now, players:", "Jouer, joueurs :"],
  more_options: ["A table with your own settings", "Une table sur mesure"],
  game_tagline_q2j: ["A shedding game: beat the top card, and watch out for the Q².", "Un jeu de défausse : battez la carte du dessus, gare au Q²."],
  game_tagline_quinze: ["Make sums of 15 with your cards and the table's.", "Faites des quinze avec vos cartes et celles de la table."],
  game_tagline_pouilleux: ["Old Maid with special pairs: don't be left with the J♠.", "Pairez vos cartes et ne gardez pas le Valet de pique."],
};

export function t(lang, key, vars = {}) {
  const pair = TEXTS[key];
  if (!pair) return key;
  let s = lang === "fr" ? pair[1] : pair[0];
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

// Labels of well-known view and result keys; any other key is shown tidied ("stock_size" ->
// "Stock size"). Same list as the terminal client's (src/atout/tui/render.py).
const LABELS = {
  top: ["Top of the pile", "Dessus de la pile"],
  stock_size: ["Stock", "Pioche"],
  discard_size: ["Cards in the discard", "Cartes dans la défausse"],
  discard: ["Discard (latest last)", "Défausse (la dernière à droite)"],
  reason: ["Reason", "Raison"],
  losers: ["Lost", "Perdant(s)"],
  detail: ["Detail", "Détail"],
  stock: ["Stock", "Pioche"],
  q2_owner: ["Q² laid by", "Q² posé par"],
  q2_round: ["Q² round (Jack or draw)", "Tour de Q² (Valet ou pioche)"],
  free_lead: ["Free lead", "Entame libre"],
  passes: ["Passes in a row", "Passes d'affilée"],
  table: ["On the table", "Sur la table"],
  last_fifteen: ["Last fifteen", "Dernier quinze"],
  made: ["Fifteens this turn", "Quinzes ce tour"],
  used_table: ["Used the table", "A pris sur la table"],
  can_speed_lay: ["May lay one more card", "Peut poser une carte de plus"],
  phase: ["Phase", "Phase"],
  name: ["Name", "Nom"],
  deal: ["Deal", "Donne"],
  dealer: ["Dealer", "Donneur"],
  max_turns: ["Turn cap", "Tours maximum"],
  deals: ["Deals so far", "Donnes jouées"],
  direction: ["Direction", "Sens"],
  draw_from: ["Draws from", "Pioche chez"],
  pick_from: ["Picks from", "Prend chez"],
  imposed: ["Colour imposed", "Couleur imposée"],
  imposed_by: ["Imposed by", "Imposée par"],
  turns: ["Turns played", "Tours joués"],
  turn: ["Turn", "Tour"],
  known: ["Cards you know in other hands", "Cartes connues chez les autres"],
  hand_sizes: ["cards", "cartes"],
  shown: ["shown", "visibles"],
  laid: ["pairs", "paires"],
  hands: ["hand", "main"],
  totals: ["total", "total"],
  turns_taken: ["turns", "tours"],
  scores: ["score", "score"],
  winners: ["Winners", "Gagnants"],
};

export function label(key, lang) {
  const pair = LABELS[key];
  if (!pair) {
    const s = String(key).replaceAll("_", " ");
    return s.charAt(0).toUpperCase() + s.slice(1);
  }
  return lang === "fr" ? pair[1] : pair[0];
}

// Words for well-known string values of views, results and options.
const VALUES = {
  red: ["red", "rouge"],
  black: ["black", "noir"],
  play: ["play", "jeu"],
  draw: ["draw", "pioche"],
  lay: ["lay", "pose"],
  pick: ["pick", "prise"],
  scoring: ["scoring", "décompte"],
  over: ["over", "terminée"],
  emptied_hand: ["emptied their hand", "main vidée"],
  free_lead: ["free lead", "entame libre"],
  beat_queen: ["beat a Queen", "battre une Dame"],
  keep: ["keep", "garder"],
  discard: ["discard", "défausser"],
  skip_draw: ["skip the draw", "ne pas piocher"],
  reshuffle_table: ["reshuffle the table", "remélanger la table"],
  end_deal: ["end the deal", "finir la partie"],
  heuristic: ["heuristic", "heuristique"],
  random: ["random", "hasard"],
  ismcts: ["ISMCTS (search)", "ISMCTS (recherche)"],
};

export function valueWord(v, lang) {
  const pair = VALUES[v];
  if (!pair) return String(v).replaceAll("_", " ");
  return lang === "fr" ? pair[1] : pair[0];
}

// The games' options in French (the game master describes them in English only).
const OPTIONS_FR = {
  face_on_ace: [
    "Figure sur un As",
    "Un Valet, une Dame ou un Roi peut-il être posé sur un As d'une autre couleur ? Par défaut non (les cartes numérotées d'une autre couleur, plus hautes que l'As, le peuvent).",
  ],
  q2_return: [
    "Retour du Q²",
    "Quand le tour revient au joueur du Q² : « entame libre » — il pose n'importe quelle carte ; « battre une Dame » — il doit battre une Dame de l'une des couleurs de la paire (ou piocher).",
  ],
  initial_special_pairs: [
    "Paires spéciales de la donne",
    "Paires spéciales (10, V, D, R, A) trouvées dans la donne : « garder » — elles restent en main et se posent plus tard, avec leur effet ; « défausser » — elles sont posées tout de suite, sans effet.",
  ],
  max_turns: [
    "Tours maximum",
    "Après ce nombre de tours la partie s'arrête : le moins de cartes en main gagne (ex æquo possibles).",
  ],
  match: [
    "Manche",
    "Oui : une manche de plusieurs parties, jusqu'à ce qu'un total atteigne la cible ; le plus petit total gagne. Non : une seule partie, le premier qui n'a plus de cartes gagne.",
  ],
  target: ["Cible", "La manche s'arrête après la partie où un total atteint ce nombre."],
  empty_stock: [
    "Pioche vide",
    "Pioche et défausse vides : « ne pas piocher » — le joueur ne pioche pas ; « remélanger la table » — les cartes de la table refont la pioche ; « finir la partie » — la partie s'arrête et se compte telle quelle.",
  ],
  speed: [
    "Variante rapide",
    "Après un quinze qui a pris une carte de la table, le joueur peut finir son tour en posant une carte sur la table (jamais la dernière).",
  ],
  max_rounds: [
    "Tours de table maximum",
    "Une partie qui dure encore après ce nombre de tours de table s'arrête et se compte telle quelle.",
  ],
};

export function optionLabel(spec, lang) {
  if (lang === "fr" && OPTIONS_FR[spec.name]) return OPTIONS_FR[spec.name][0];
  return label(spec.name, "en");
}

export function optionHelp(spec, lang) {
  if (lang === "fr" && OPTIONS_FR[spec.name]) return OPTIONS_FR[spec.name][1];
  return spec.description || "";
}

// Move types of the three games, as verbs; an unknown type is shown as it is.
const MOVES = {
  play: ["Play", "Jouer"],
  draw: ["Draw", "Piocher"],
  lay: ["Lay", "Poser"],
  pick: ["Take", "Prendre"],
  end: ["End the turn", "Finir le tour"],
  fifteen: ["Fifteen", "Quinze"],
  done: ["End the turn", "Finir le tour"],
  pass: ["Pass", "Passer"],
  deal: ["Deal", "Distribuer"],
};

export function moveWord(type, lang) {
  const pair = MOVES[type];
  if (!pair) return String(type).replaceAll("_", " ");
  return lang === "fr" ? pair[1] : pair[0];
}
