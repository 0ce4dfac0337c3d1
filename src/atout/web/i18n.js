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
  seat_n: ["Seat J{n}", "Place J{n}"],
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
  your_turn: ["Your turn: choose a move (keys 1–9 work too).", "À vous de jouer : choisissez un coup (touches 1 à 9 aussi)."],
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
  commitment: ["Commitment published at the start", "Engagement publié au début"],
  seed_ok: ["✓ sha256(\"atout-seed:\" + seed) matches the commitment", "✓ sha256(\"atout-seed:\" + graine) correspond à l'engagement"],
  seed_bad: ["✗ the seed does not match the commitment!", "✗ la graine ne correspond pas à l'engagement !"],
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
