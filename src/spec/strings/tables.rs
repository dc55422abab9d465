//! The built-in tables: every key of [`super::KEYS`] in English, German, French and Spanish.
//! Only characters of the bundled font (Latin-1 and common punctuation) are used.

/// English: the texts the book has always printed.
pub const EN: &[(&str, &str)] = &[
    ("how_to_play", "How to play"),
    (
        "introduction",
        "Fill every empty cell with a digit so that no digit repeats in any row, column or outlined region.",
    ),
    (
        "one_solution",
        "Every puzzle has exactly one solution, and it can be found by logic alone: no guessing is needed.",
    ),
    (
        "solutions_at_back",
        "The solutions are at the back of the book.",
    ),
    (
        "rules",
        "Place the digits {digits} so that {houses} and {last} hold each digit exactly once.",
    ),
    ("digits_to", "1 to {last}"),
    ("digits_and_letters", "1-9 and A-{last}"),
    ("house_row", "every row"),
    ("house_column", "every column"),
    ("house_region", "every region outlined with thick lines"),
    ("house_box", "every {rows}×{cols} box"),
    ("house_diagonals", "both long diagonals"),
    ("house_windows", "each of the {count} shaded windows"),
    ("levels_title", "Levels in this book"),
    ("level_line", "{level}: {text}"),
    ("level_easy", "Easy"),
    ("level_medium", "Medium"),
    ("level_hard", "Hard"),
    ("level_expert", "Expert"),
    ("level_extreme", "Extreme"),
    ("level_diabolical", "Diabolical"),
    (
        "level_easy_text",
        "relaxed, no notes needed: there is always a cell or a digit with only one choice left.",
    ),
    (
        "level_medium_text",
        "a little planning: now and then you note a few cells’ candidates to spot a pair.",
    ),
    (
        "level_hard_text",
        "a real workout with pencil marks, using patterns across several rows and columns.",
    ),
    (
        "level_expert_text",
        "slow and rewarding: threads of reasoning run across the whole grid.",
    ),
    (
        "level_extreme_text",
        "for seasoned solvers: long “what if” threads that end in a contradiction.",
    ),
    (
        "level_diabolical_text",
        "among the hardest puzzles known: “what if” threads inside each other.",
    ),
    ("contents", "Contents"),
    ("solutions", "Solutions"),
    ("notes", "Notes"),
    (
        "walkthrough_title",
        "Worked solution: puzzle #{n} (page {page})",
    ),
    ("walkthrough_of", "Worked solution: {label} (page {page})"),
    ("walkthrough_step", "Step {n}"),
    (
        "walkthrough_legend",
        "Light grey: the cells of the pattern. Dark grey: the cells the step changes. Struck through: the candidates that go. Small digits: the candidates left in each open cell; grey digits were placed by earlier steps.",
    ),
    (
        "walkthrough_singles",
        "Steps {first}–{last}: singles place {count} digits.",
    ),
    (
        "walkthrough_single",
        "Step {first}: a single places one digit.",
    ),
    ("puzzle_note", "Puzzle {n}"),
    ("puzzles_note", "Puzzles {first}–{last}"),
    ("answer_note", "page {page}"),
    ("belongs_to", "This book belongs to"),
    ("isbn", "ISBN {isbn}"),
    ("puzzle_count_one", "{count} puzzle"),
    ("puzzle_count", "{count} puzzles"),
    ("level_span", "{low} to {high_lower}"),
    ("with_solutions", "with solutions"),
    ("cover_puzzles", "puzzles"),
    ("cover_large_print", "Large print"),
    ("cover_with_solutions", "With solutions"),
    ("back_count", "{count} puzzles, {levels}"),
    ("back_solutions", "Solutions to every puzzle at the back"),
    ("back_large_print", "Large print: big grids, clear digits"),
    (
        "back_one_solution",
        "Exactly one solution each, found by logic alone",
    ),
    ("back_sample", "Try this one"),
    ("label_time", "Time"),
    ("combinations_title", "Cage combinations"),
    ("combinations_cells", "Cages of {count} cells"),
    (
        "combinations_note",
        "The digits of a cage are all different. A cage of {from} cells or more holds the digits that a cage of the other cells would leave out: its sum is {total} minus that cage's.",
    ),
    ("strategies_title", "Solving techniques"),
    (
        "strategy_example",
        "An example from puzzle #{n} (page {page}), step {step}:",
    ),
    (
        "strategy_full_house",
        "When a row, column or box has one empty cell left, the one digit it still lacks goes there.",
    ),
    (
        "strategy_hidden_single",
        "Take one digit and one house (a box, a row or a column). When the digit has only one cell left in that house, it goes there, whatever else the cell could hold.",
    ),
    (
        "strategy_naked_single",
        "Look at one cell. When every digit but one already appears in its row, its column or its box, the last one is the cell's digit.",
    ),
    (
        "strategy_cage_sum",
        "When all cells of a cage but one are filled, the last cell holds the cage's sum minus the digits already in it.",
    ),
    (
        "strategy_pointing",
        "When a digit's places in a box all lie in one row (or column), the digit will be in that row inside the box, so it goes out of the rest of that row.",
    ),
    (
        "strategy_claiming",
        "When a digit's places in a row (or column) all lie inside one box, the digit will be in that box on that row, so it goes out of the box's other cells.",
    ),
    (
        "strategy_peer_intersection",
        "When every place of a digit in a house sees the same cell (by a knight's or king's move, through a cage, or along a row, column or box), that cell cannot hold the digit: wherever the digit goes in the house, the cell sees it.",
    ),
    (
        "strategy_cage_house",
        "When a cage must hold a digit and all its places for it lie in one row, column or box, that house gets the digit from the cage, so it goes out of the house's other cells.",
    ),
    (
        "strategy_cage_combination",
        "List the sets of different digits that make a cage's sum. A digit that belongs to none of the sets still possible goes out of the cage's cells.",
    ),
    (
        "strategy_mark_elimination",
        "For each candidate of a cell with a mark (a dot, an X or V, a grey square or circle, a minimum or maximum, a quadruple's circle), ask whether the marked neighbour can still answer it. A candidate with no partner left goes.",
    ),
    (
        "strategy_locked_mark",
        "When every place of a digit in a house is a cell or lies beside it through a dot, an X or V, or the non-consecutive rule, the digit ends up in that cell or beside it, so the cell can only hold what may stand beside the digit.",
    ),
    (
        "strategy_house_combination",
        "The cages inside a house hold each digit once between them: sets of digits that cannot sit side by side with the other cages' sets are struck out.",
    ),
    (
        "strategy_innie_outie",
        "Every row, column and box adds up to the same total (45 with the digits 1 to 9). Take away the sums of the cages that lie inside it, and what is left is the sum of the cells that stick in or out.",
    ),
    (
        "strategy_naked_subset",
        "When two cells of a house can hold only the same two digits (three cells three digits, four cells four), those digits belong to those cells, so they go out of every other cell of the house.",
    ),
    (
        "strategy_hidden_subset",
        "When two digits can go only in the same two cells of a house (three in three, four in four), those cells hold them, so every other digit goes out of those cells.",
    ),
    (
        "strategy_fish",
        "When a digit's places in two rows lie in the same two columns (an X-Wing; three and three: a Swordfish; four: a Jellyfish), those rows fill those columns with it, so it goes out of the rest of the columns. It works with rows and columns swapped too.",
    ),
    (
        "strategy_xy_wing",
        "A cell with two candidates X and Y sees one cell with X and Z and another with Y and Z. Whatever the first cell holds, one of the other two is Z, so Z goes out of every cell that sees both.",
    ),
    (
        "strategy_xyz_wing",
        "Like the XY-Wing, but the middle cell holds X, Y and Z: one of the three cells is Z, so Z goes out of every cell that sees all three.",
    ),
    (
        "strategy_w_wing",
        "Two cells hold the same two candidates X and Y, and a house holds X in just two places, one seen by each cell. One of the two cells is then Y, so Y goes out of every cell that sees both.",
    ),
    (
        "strategy_unique_rectangle",
        "Four cells on two rows, two columns and two boxes cannot end with the same two digits, or they could swap and the puzzle would have two solutions. So a candidate that would leave such a rectangle goes out.",
    ),
    (
        "strategy_bug",
        "When every open cell has two candidates except one that has three, the puzzle would have two solutions unless that cell takes the digit that appears three times in its houses.",
    ),
    (
        "strategy_x_chain",
        "Follow one digit along links where a house has it in only two places. If the chain starts and ends in such a link, one of its two ends holds the digit, so it goes out of every cell that sees both ends.",
    ),
    (
        "strategy_xy_chain",
        "A chain of cells with two candidates each, every cell sharing a digit with the next. If the first cell is not X, the last one is, so X goes out of every cell that sees both ends.",
    ),
    (
        "strategy_aic",
        "A chain whose links alternate between 'if this is not true, that is' and 'if this is true, that is not', over cells and digits. Its two ends cannot both be false, so what sees both goes out.",
    ),
    (
        "strategy_forcing_chain",
        "Follow what a choice forces, cell by cell. If assuming a digit leads to a contradiction, the digit goes out; if every candidate of a cell (or every place of a digit in a house) leads to the same result, that result is true.",
    ),
    ("variant_classic", "Classic"),
    ("variant_jigsaw", "Jigsaw"),
    ("variant_diagonal", "Diagonal"),
    ("variant_window", "Window"),
    ("variant_plus_diagonal", "diagonal"),
    ("variant_plus_window", "window"),
    ("variant_anti_knight", "Anti-knight"),
    (
        "rules_anti_knight",
        "Cells a chess knight's move apart never hold the same digit.",
    ),
    ("variant_anti_king", "Anti-king"),
    (
        "rules_anti_king",
        "Cells that touch at a corner never hold the same digit.",
    ),
    ("variant_non_consecutive", "Non-consecutive"),
    (
        "rules_non_consecutive",
        "Cells side by side never hold consecutive digits (such as 4 and 5).",
    ),
    ("variant_disjoint_groups", "Disjoint groups"),
    (
        "rules_disjoint_groups",
        "Cells in the same place of their boxes (all top-left cells, and so on) hold each digit once too.",
    ),
    ("variant_even_odd", "Even/odd"),
    (
        "rules_even_odd",
        "A grey square holds an even digit, a grey circle an odd one.",
    ),
    ("variant_kropki", "Kropki"),
    (
        "rules_kropki",
        "Digits on either side of a white dot differ by 1; on either side of a black dot, one is twice the other.",
    ),
    ("variant_kropki_negative", "Kropki (all dots)"),
    (
        "rules_kropki_negative",
        "Digits on either side of a white dot differ by 1; on either side of a black dot, one is twice the other. Every dot is shown: where there is none, neither holds.",
    ),
    ("variant_xv", "XV"),
    (
        "rules_xv",
        "Digits on either side of an X add up to 10; on either side of a V, to 5.",
    ),
    ("variant_xv_negative", "XV (all marks)"),
    (
        "rules_xv_negative",
        "Digits on either side of an X add up to 10; on either side of a V, to 5. Every X and V is shown: where there is none, the two digits add up to neither.",
    ),
    ("variant_min_max", "Minimum/maximum"),
    (
        "rules_min_max",
        "A shaded cell whose arrows point in holds a digit smaller than each cell beside it; one whose arrows point out, a larger one.",
    ),
    ("variant_quadruple", "Quadruple"),
    (
        "rules_quadruple",
        "The digits in a circle on a corner all appear in the four cells around it.",
    ),
    ("variant_distinct_cages", "Cages"),
    (
        "rules_distinct_cages",
        "Digits do not repeat in a dashed cage.",
    ),
    ("variant_sized", "{variant} {size}×{size}"),
    ("section_title", "{variant} {size}×{size}"),
    ("section_level", "{title} — {level_lower}"),
    ("section_score", "{title} — score {min} to {max}"),
    ("variant_killer", "Killer"),
    ("variant_plus_killer", "killer"),
    (
        "rules_cages",
        "The digits in each dashed cage add up to the small number in its corner, and no digit repeats in a cage.",
    ),
    ("variant_plus_jigsaw", "jigsaw"),
    ("variant_samurai", "Samurai"),
    ("variant_twodoku", "Twodoku"),
    ("variant_butterfly", "Butterfly"),
    (
        "rules_multi",
        "Each of the {count} overlapping 9×9 grids is a classic Sudoku: place the digits 1 to 9 so that every row, every column and every 3×3 box of each grid holds each digit exactly once. A box shared by several grids belongs to each of them, so its digits count in each.",
    ),
    (
        "introduction_symbols",
        "Write {symbols} in the empty cells so that none repeats in any row, column or outlined region.",
    ),
    (
        "introduction_mixed",
        "Fill every empty cell with one of its puzzle's symbols (each kind below says which) so that none repeats in any row, column or outlined region.",
    ),
    (
        "rules_symbols",
        "Place {symbols} so that {houses} and {last} hold each one exactly once.",
    ),
    ("symbols_letters", "the letters {first} to {last}"),
    ("symbols_word", "the letters of {word}"),
    ("symbols_letter_list", "the letters {letters}"),
    (
        "word_hidden_row",
        "One row of each solution spells a word: find it!",
    ),
    (
        "word_hidden_first_row",
        "The first row of each solution spells a word.",
    ),
    (
        "word_hidden_diagonal",
        "The long diagonal from the top left of each solution spells a word.",
    ),
    ("symbols_numbers", "the numbers 1 to {last}"),
    ("symbols_hex", "the symbols 0 to {last}"),
    ("symbols_pictures", "the pictures {names}"),
    (
        "symbols_colours",
        "the {count} colours (each with its own shape inside)",
    ),
    ("symbols_list", "{items} and {last}"),
    ("shape_star", "star"),
    ("shape_heart", "heart"),
    ("shape_circle", "circle"),
    ("shape_square", "square"),
    ("shape_triangle", "triangle"),
    ("shape_moon", "moon"),
    ("shape_flower", "flower"),
    ("shape_sun", "sun"),
    ("shape_fish", "fish"),
    ("kind_in_symbols", "{kind} · {set}"),
    ("set_digits", "Digits"),
    ("set_letters", "Letters"),
    ("set_word", "Wordoku"),
    ("set_numbers", "Numbers"),
    ("set_hex", "Hex"),
    ("set_pictures", "Pictures"),
    ("set_colours", "Colours"),
    (
        "level_easy_text_symbols",
        "relaxed, no notes needed: there is always a cell or a symbol with only one choice left.",
    ),
    (
        "level_medium_text_symbols",
        "a little planning: now and then you note a few cells’ candidate symbols to spot a pair.",
    ),
    (
        "walkthrough_legend_symbols",
        "Light grey: the cells of the pattern. Dark grey: the cells the step changes. Struck through: the candidates that go. Small symbols: the candidates left in each open cell; grey symbols were placed by earlier steps.",
    ),
    (
        "walkthrough_singles_symbols",
        "Steps {first}–{last}: singles place {count} symbols.",
    ),
    (
        "walkthrough_single_symbols",
        "Step {first}: a single places one symbol.",
    ),
    (
        "strategy_symbols_note",
        "In this book a “digit” can be any of {symbols}.",
    ),
];

/// German.
pub const DE: &[(&str, &str)] = &[
    ("how_to_play", "Spielanleitung"),
    (
        "introduction",
        "Trage in jedes leere Feld eine Ziffer ein, sodass sich in keiner Zeile, keiner Spalte und keinem umrandeten Bereich eine Ziffer wiederholt.",
    ),
    (
        "one_solution",
        "Jedes Rätsel hat genau eine Lösung, und sie lässt sich allein durch Logik finden: Raten ist nie nötig.",
    ),
    (
        "solutions_at_back",
        "Die Lösungen stehen am Ende des Buches.",
    ),
    (
        "rules",
        "Setze die Ziffern {digits} so ein, dass {houses} und {last} jede Ziffer genau einmal enthalten.",
    ),
    ("digits_to", "1 bis {last}"),
    ("digits_and_letters", "1-9 und A-{last}"),
    ("house_row", "jede Zeile"),
    ("house_column", "jede Spalte"),
    ("house_region", "jeder dick umrandete Bereich"),
    ("house_box", "jeder {rows}×{cols}-Block"),
    ("house_diagonals", "beide Hauptdiagonalen"),
    ("house_windows", "jedes der {count} grauen Fenster"),
    ("levels_title", "Schwierigkeitsstufen in diesem Buch"),
    ("level_line", "{level}: {text}"),
    ("level_easy", "Leicht"),
    ("level_medium", "Mittel"),
    ("level_hard", "Schwer"),
    ("level_expert", "Experte"),
    ("level_extreme", "Extrem"),
    ("level_diabolical", "Teuflisch"),
    (
        "level_easy_text",
        "Entspannt, ohne Notizen: Immer hat ein Feld oder eine Ziffer nur noch eine Möglichkeit.",
    ),
    (
        "level_medium_text",
        "Etwas Planung: Ab und zu notieren Sie die Kandidaten einiger Felder und finden ein Paar.",
    ),
    (
        "level_hard_text",
        "Ein echtes Training mit Notizen: Muster über mehrere Zeilen und Spalten hinweg.",
    ),
    (
        "level_expert_text",
        "Langsam und lohnend: Gedankenketten laufen quer durch das ganze Gitter.",
    ),
    (
        "level_extreme_text",
        "Für Erfahrene: lange »Was wäre, wenn«-Ketten, die in einem Widerspruch enden.",
    ),
    (
        "level_diabolical_text",
        "Unter den schwersten bekannten Rätseln: »Was wäre, wenn«-Ketten ineinander.",
    ),
    ("contents", "Inhalt"),
    ("solutions", "Lösungen"),
    ("notes", "Notizen"),
    (
        "walkthrough_title",
        "Lösungsweg: Rätsel #{n} (Seite {page})",
    ),
    ("walkthrough_of", "Lösungsweg: {label} (Seite {page})"),
    ("walkthrough_step", "Schritt {n}"),
    (
        "walkthrough_legend",
        "Hellgrau: die Zellen des Musters. Dunkelgrau: die Zellen, die der Schritt ändert. Durchgestrichen: die Kandidaten, die wegfallen. Kleine Ziffern: die Kandidaten jeder offenen Zelle; graue Ziffern kamen aus früheren Schritten.",
    ),
    (
        "walkthrough_singles",
        "Schritte {first}–{last}: Singles setzen {count} Ziffern.",
    ),
    (
        "walkthrough_single",
        "Schritt {first}: ein Single setzt eine Ziffer.",
    ),
    ("puzzle_note", "Rätsel {n}"),
    ("puzzles_note", "Rätsel {first}–{last}"),
    ("answer_note", "Seite {page}"),
    ("belongs_to", "Dieses Buch gehört"),
    ("isbn", "ISBN {isbn}"),
    ("puzzle_count_one", "{count} Rätsel"),
    ("puzzle_count", "{count} Rätsel"),
    ("level_span", "{low} bis {high}"),
    ("with_solutions", "mit Lösungen"),
    ("cover_puzzles", "Rätsel"),
    ("cover_large_print", "Großdruck"),
    ("cover_with_solutions", "Mit Lösungen"),
    ("back_count", "{count} Rätsel, {levels}"),
    ("back_solutions", "Lösungen zu jedem Rätsel hinten im Buch"),
    ("back_large_print", "Großdruck: große Gitter, klare Ziffern"),
    (
        "back_one_solution",
        "Jedes Rätsel hat genau eine Lösung, allein durch Logik zu finden",
    ),
    ("back_sample", "Zum Ausprobieren"),
    ("label_time", "Zeit"),
    ("combinations_title", "Käfig-Kombinationen"),
    ("combinations_cells", "Käfige aus {count} Zellen"),
    (
        "combinations_note",
        "Die Ziffern eines Käfigs sind alle verschieden. Ein Käfig aus {from} Zellen oder mehr enthält genau die Ziffern, die ein Käfig aus den übrigen Zellen auslassen würde: seine Summe ist {total} minus dessen Summe.",
    ),
    ("strategies_title", "Lösungstechniken"),
    (
        "strategy_example",
        "Ein Beispiel aus Rätsel #{n} (Seite {page}), Schritt {step}:",
    ),
    (
        "strategy_full_house",
        "Hat eine Zeile, Spalte oder ein Block nur noch ein leeres Feld, kommt die eine fehlende Ziffer dorthin.",
    ),
    (
        "strategy_hidden_single",
        "Nimm eine Ziffer und ein Haus (Block, Zeile oder Spalte). Hat die Ziffer in diesem Haus nur noch ein Feld, gehört sie dorthin, was das Feld sonst auch fassen könnte.",
    ),
    (
        "strategy_naked_single",
        "Sieh dir ein Feld an. Stehen alle Ziffern bis auf eine schon in seiner Zeile, Spalte oder seinem Block, ist die letzte die Ziffer des Feldes.",
    ),
    (
        "strategy_cage_sum",
        "Sind alle Felder eines Käfigs bis auf eines gefüllt, enthält das letzte die Käfigsumme minus die Ziffern, die schon darin stehen.",
    ),
    (
        "strategy_pointing",
        "Liegen alle Plätze einer Ziffer in einem Block in einer Zeile (oder Spalte), steht die Ziffer in dieser Zeile innerhalb des Blocks; sie fällt also im Rest der Zeile weg.",
    ),
    (
        "strategy_claiming",
        "Liegen alle Plätze einer Ziffer in einer Zeile (oder Spalte) in einem Block, steht die Ziffer in diesem Block auf dieser Zeile; sie fällt also in den übrigen Feldern des Blocks weg.",
    ),
    (
        "strategy_peer_intersection",
        "Sehen alle Plätze einer Ziffer in einem Haus dasselbe Feld (über einen Springer- oder Königszug, durch einen Käfig oder über Zeile, Spalte oder Block), kann dieses Feld die Ziffer nicht enthalten: Wo immer sie im Haus steht, sieht das Feld sie.",
    ),
    (
        "strategy_cage_house",
        "Muss ein Käfig eine Ziffer enthalten und liegen all ihre Plätze darin in einer Zeile, Spalte oder einem Block, bekommt dieses Haus die Ziffer aus dem Käfig; sie fällt in seinen übrigen Feldern weg.",
    ),
    (
        "strategy_cage_combination",
        "Schreibe die Sätze verschiedener Ziffern auf, die die Summe eines Käfigs ergeben. Eine Ziffer, die in keinem noch möglichen Satz vorkommt, fällt in den Feldern des Käfigs weg.",
    ),
    (
        "strategy_mark_elimination",
        "Prüfe für jeden Kandidaten eines markierten Feldes (Punkt, X oder V, graues Quadrat oder grauer Kreis, Minimum oder Maximum, Kreis eines Quadrupels), ob das markierte Nachbarfeld noch dazu passt. Ein Kandidat ohne passenden Partner fällt weg.",
    ),
    (
        "strategy_locked_mark",
        "Liegt jeder Platz einer Ziffer in einem Haus auf einem Feld oder über einen Punkt, ein X oder V oder die Nicht-Nachbar-Regel neben ihm, steht die Ziffer dort oder daneben: Das Feld kann nur enthalten, was neben der Ziffer stehen darf.",
    ),
    (
        "strategy_house_combination",
        "Die Käfige in einem Haus enthalten zusammen jede Ziffer einmal: Ziffernsätze, die nicht neben die Sätze der anderen Käfige passen, werden gestrichen.",
    ),
    (
        "strategy_innie_outie",
        "Jede Zeile, Spalte und jeder Block ergibt dieselbe Summe (45 mit den Ziffern 1 bis 9). Zieht man die Summen der Käfige darin ab, bleibt die Summe der Felder, die hinein- oder herausragen.",
    ),
    (
        "strategy_naked_subset",
        "Können zwei Felder eines Hauses nur dieselben zwei Ziffern enthalten (drei Felder drei, vier Felder vier), gehören diese Ziffern in diese Felder und fallen in allen anderen Feldern des Hauses weg.",
    ),
    (
        "strategy_hidden_subset",
        "Können zwei Ziffern in einem Haus nur in dieselben zwei Felder (drei in drei, vier in vier), stehen sie dort; alle anderen Ziffern fallen in diesen Feldern weg.",
    ),
    (
        "strategy_fish",
        "Liegen die Plätze einer Ziffer in zwei Zeilen in denselben zwei Spalten (ein X-Wing; drei und drei: ein Swordfish; vier: ein Jellyfish), füllen diese Zeilen die Spalten mit ihr; sie fällt im Rest der Spalten weg. Mit Zeilen und Spalten vertauscht gilt es ebenso.",
    ),
    (
        "strategy_xy_wing",
        "Ein Feld mit den Kandidaten X und Y sieht ein Feld mit X und Z und eines mit Y und Z. Was das erste Feld auch enthält, eines der beiden anderen ist Z; Z fällt also in jedem Feld weg, das beide sieht.",
    ),
    (
        "strategy_xyz_wing",
        "Wie der XY-Wing, doch das mittlere Feld hat X, Y und Z: eines der drei Felder ist Z, also fällt Z in jedem Feld weg, das alle drei sieht.",
    ),
    (
        "strategy_w_wing",
        "Zwei Felder haben dieselben Kandidaten X und Y, und ein Haus hat X nur an zwei Plätzen, je einen von jedem Feld gesehen. Dann ist eines der beiden Felder Y; Y fällt in jedem Feld weg, das beide sieht.",
    ),
    (
        "strategy_unique_rectangle",
        "Vier Felder auf zwei Zeilen, zwei Spalten und zwei Blöcken können nicht mit denselben zwei Ziffern enden, sonst ließen sie sich tauschen und das Rätsel hätte zwei Lösungen. Ein Kandidat, der ein solches Rechteck ergäbe, fällt weg.",
    ),
    (
        "strategy_bug",
        "Hat jedes offene Feld zwei Kandidaten außer einem mit drei, hätte das Rätsel zwei Lösungen, wenn dieses Feld nicht die Ziffer bekommt, die in seinen Häusern dreimal vorkommt.",
    ),
    (
        "strategy_x_chain",
        "Folge einer Ziffer über Verbindungen, bei denen ein Haus sie nur an zwei Plätzen hat. Beginnt und endet die Kette mit einer solchen Verbindung, hat eines ihrer Enden die Ziffer; sie fällt in jedem Feld weg, das beide Enden sieht.",
    ),
    (
        "strategy_xy_chain",
        "Eine Kette von Feldern mit je zwei Kandidaten, jedes mit einer Ziffer wie das nächste. Ist das erste Feld nicht X, ist es das letzte; X fällt in jedem Feld weg, das beide Enden sieht.",
    ),
    (
        "strategy_aic",
        "Eine Kette, deren Verbindungen abwechseln zwischen 'ist dies falsch, ist das wahr' und 'ist dies wahr, ist das falsch', über Felder und Ziffern. Ihre beiden Enden können nicht beide falsch sein; was beide sieht, fällt weg.",
    ),
    (
        "strategy_forcing_chain",
        "Verfolge, was eine Wahl Feld für Feld erzwingt. Führt eine angenommene Ziffer zu einem Widerspruch, fällt sie weg; führen alle Kandidaten eines Feldes (oder alle Plätze einer Ziffer in einem Haus) zum selben Ergebnis, gilt es.",
    ),
    ("variant_classic", "Klassisch"),
    ("variant_jigsaw", "Chaos"),
    ("variant_diagonal", "Diagonal"),
    ("variant_window", "Fenster"),
    ("variant_plus_diagonal", "Diagonal"),
    ("variant_plus_window", "Fenster"),
    ("variant_anti_knight", "Anti-Springer"),
    (
        "rules_anti_knight",
        "Felder, die einen Rösselsprung auseinander liegen, enthalten nie dieselbe Ziffer.",
    ),
    ("variant_anti_king", "Anti-König"),
    (
        "rules_anti_king",
        "Felder, die sich an einer Ecke berühren, enthalten nie dieselbe Ziffer.",
    ),
    ("variant_non_consecutive", "Nicht-konsekutiv"),
    (
        "rules_non_consecutive",
        "Nebeneinanderliegende Felder enthalten nie aufeinanderfolgende Ziffern (wie 4 und 5).",
    ),
    ("variant_disjoint_groups", "Disjunkte Gruppen"),
    (
        "rules_disjoint_groups",
        "Felder an derselben Stelle ihrer Blöcke (alle linken oberen Felder usw.) enthalten ebenfalls jede Ziffer einmal.",
    ),
    ("variant_even_odd", "Gerade/Ungerade"),
    (
        "rules_even_odd",
        "Ein graues Quadrat enthält eine gerade Ziffer, ein grauer Kreis eine ungerade.",
    ),
    ("variant_kropki", "Kropki"),
    (
        "rules_kropki",
        "Die Ziffern beiderseits eines weißen Punkts unterscheiden sich um 1; beiderseits eines schwarzen Punkts ist eine doppelt so groß wie die andere.",
    ),
    ("variant_kropki_negative", "Kropki (alle Punkte)"),
    (
        "rules_kropki_negative",
        "Die Ziffern beiderseits eines weißen Punkts unterscheiden sich um 1; beiderseits eines schwarzen Punkts ist eine doppelt so groß wie die andere. Alle Punkte sind eingezeichnet: wo keiner ist, gilt keines von beiden.",
    ),
    ("variant_xv", "XV"),
    (
        "rules_xv",
        "Die Ziffern beiderseits eines X ergeben zusammen 10, beiderseits eines V zusammen 5.",
    ),
    ("variant_xv_negative", "XV (alle Zeichen)"),
    (
        "rules_xv_negative",
        "Die Ziffern beiderseits eines X ergeben zusammen 10, beiderseits eines V zusammen 5. Alle X und V sind eingezeichnet: wo keines ist, ergeben die beiden Ziffern weder 5 noch 10.",
    ),
    ("variant_min_max", "Minimum/Maximum"),
    (
        "rules_min_max",
        "Ein grau unterlegtes Feld mit nach innen zeigenden Pfeilen enthält eine kleinere Ziffer als jedes Nachbarfeld, eines mit nach außen zeigenden Pfeilen eine größere.",
    ),
    ("variant_quadruple", "Quadrupel"),
    (
        "rules_quadruple",
        "Die Ziffern in einem Kreis auf einer Ecke kommen alle in den vier Feldern um ihn herum vor.",
    ),
    ("variant_distinct_cages", "Käfige"),
    (
        "rules_distinct_cages",
        "In einem gestrichelten Käfig wiederholt sich keine Ziffer.",
    ),
    ("variant_sized", "{variant} {size}×{size}"),
    ("section_title", "{variant} {size}×{size}"),
    ("section_level", "{title} — {level}"),
    ("section_score", "{title} — Wertung {min} bis {max}"),
    ("variant_killer", "Killer"),
    ("variant_plus_killer", "Killer"),
    (
        "rules_cages",
        "Die Ziffern jedes gestrichelten Käfigs ergeben zusammen die kleine Zahl in seiner Ecke, und keine Ziffer kommt in einem Käfig doppelt vor.",
    ),
    ("variant_plus_jigsaw", "Chaos"),
    ("variant_samurai", "Samurai-Sudoku"),
    ("variant_twodoku", "Twodoku"),
    ("variant_butterfly", "Butterfly-Sudoku"),
    (
        "rules_multi",
        "Jedes der {count} überlappenden 9×9-Gitter ist ein klassisches Sudoku: Setze die Ziffern 1 bis 9 so ein, dass jede Zeile, jede Spalte und jeder 3×3-Block jedes Gitters jede Ziffer genau einmal enthält. Ein Block, den sich mehrere Gitter teilen, gehört zu jedem von ihnen, seine Ziffern zählen in jedem.",
    ),
    (
        "introduction_symbols",
        "Trage {symbols} in die leeren Felder ein, so dass sich keines in einer Zeile, Spalte oder umrandeten Region wiederholt.",
    ),
    (
        "introduction_mixed",
        "Trage in jedes leere Feld eines der Zeichen seines Rätsels ein (welche, sagt jede Art unten), so dass sich keines in einer Zeile, Spalte oder umrandeten Region wiederholt.",
    ),
    (
        "rules_symbols",
        "Setze {symbols} so ein, dass {houses} und {last} jedes genau einmal enthalten.",
    ),
    ("symbols_letters", "die Buchstaben {first} bis {last}"),
    ("symbols_word", "die Buchstaben von {word}"),
    ("symbols_letter_list", "die Buchstaben {letters}"),
    (
        "word_hidden_row",
        "Eine Zeile jeder Lösung ergibt ein Wort: Finden Sie es!",
    ),
    (
        "word_hidden_first_row",
        "Die erste Zeile jeder Lösung ergibt ein Wort.",
    ),
    (
        "word_hidden_diagonal",
        "Die lange Diagonale von links oben ergibt in jeder Lösung ein Wort.",
    ),
    ("symbols_numbers", "die Zahlen 1 bis {last}"),
    ("symbols_hex", "die Zeichen 0 bis {last}"),
    ("symbols_pictures", "die Bilder {names}"),
    (
        "symbols_colours",
        "die {count} Farben (jede mit ihrem eigenen Zeichen darin)",
    ),
    ("symbols_list", "{items} und {last}"),
    ("shape_star", "Stern"),
    ("shape_heart", "Herz"),
    ("shape_circle", "Kreis"),
    ("shape_square", "Quadrat"),
    ("shape_triangle", "Dreieck"),
    ("shape_moon", "Mond"),
    ("shape_flower", "Blume"),
    ("shape_sun", "Sonne"),
    ("shape_fish", "Fisch"),
    ("kind_in_symbols", "{kind} · {set}"),
    ("set_digits", "Ziffern"),
    ("set_letters", "Buchstaben"),
    ("set_word", "Wordoku"),
    ("set_numbers", "Zahlen"),
    ("set_hex", "Hex"),
    ("set_pictures", "Bilder"),
    ("set_colours", "Farben"),
    (
        "level_easy_text_symbols",
        "Entspannt, ohne Notizen: Immer hat ein Feld oder ein Zeichen nur noch eine Möglichkeit.",
    ),
    (
        "level_medium_text_symbols",
        "Etwas Planung: Ab und zu notieren Sie die möglichen Zeichen einiger Felder und finden ein Paar.",
    ),
    (
        "walkthrough_legend_symbols",
        "Hellgrau: die Zellen des Musters. Dunkelgrau: die Zellen, die der Schritt ändert. Durchgestrichen: die Kandidaten, die wegfallen. Kleine Zeichen: die Kandidaten jeder offenen Zelle; graue Zeichen kamen aus früheren Schritten.",
    ),
    (
        "walkthrough_singles_symbols",
        "Schritte {first}–{last}: Singles setzen {count} Zeichen.",
    ),
    (
        "walkthrough_single_symbols",
        "Schritt {first}: ein Single setzt ein Zeichen.",
    ),
    (
        "strategy_symbols_note",
        "»Ziffer« steht in diesem Buch für jedes der Zeichen: {symbols}.",
    ),
];

/// French (a no-break space before `:` and `;`).
pub const FR: &[(&str, &str)] = &[
    ("how_to_play", "Règles du jeu"),
    (
        "introduction",
        "Remplissez chaque case vide avec un chiffre, de sorte qu’aucun chiffre ne se répète dans une ligne, une colonne ou une zone délimitée.",
    ),
    (
        "one_solution",
        "Chaque grille a une seule solution, que l’on trouve par la seule logique\u{a0}: inutile de deviner.",
    ),
    (
        "solutions_at_back",
        "Les solutions se trouvent à la fin du livre.",
    ),
    (
        "rules",
        "Placez les chiffres {digits} de sorte que {houses} et {last} contiennent chaque chiffre une seule fois.",
    ),
    ("digits_to", "1 à {last}"),
    ("digits_and_letters", "1-9 et A-{last}"),
    ("house_row", "chaque ligne"),
    ("house_column", "chaque colonne"),
    ("house_region", "chaque zone délimitée par un trait épais"),
    ("house_box", "chaque bloc {rows}×{cols}"),
    ("house_diagonals", "les deux grandes diagonales"),
    ("house_windows", "chacune des {count} fenêtres grisées"),
    ("levels_title", "Les niveaux de ce livre"),
    ("level_line", "{level}\u{a0}: {text}"),
    ("level_easy", "Facile"),
    ("level_medium", "Moyen"),
    ("level_hard", "Difficile"),
    ("level_expert", "Expert"),
    ("level_extreme", "Extrême"),
    ("level_diabolical", "Diabolique"),
    (
        "level_easy_text",
        "détendu, sans notes\u{a0}: une case ou un chiffre n’a toujours plus qu’un seul choix.",
    ),
    (
        "level_medium_text",
        "un peu de réflexion\u{a0}: notez parfois les candidats de quelques cases pour trouver une paire.",
    ),
    (
        "level_hard_text",
        "un vrai entraînement au crayon, avec des motifs sur plusieurs lignes et colonnes.",
    ),
    (
        "level_expert_text",
        "lent et gratifiant\u{a0}: des raisonnements traversent toute la grille.",
    ),
    (
        "level_extreme_text",
        "pour les aguerris\u{a0}: de longs «\u{a0}et si…\u{a0}» qui aboutissent à une contradiction.",
    ),
    (
        "level_diabolical_text",
        "parmi les grilles les plus difficiles connues\u{a0}: des «\u{a0}et si…\u{a0}» imbriqués.",
    ),
    ("contents", "Sommaire"),
    ("solutions", "Solutions"),
    ("notes", "Notes"),
    (
        "walkthrough_title",
        "Solution commentée : grille n° {n} (page {page})",
    ),
    (
        "walkthrough_of",
        "Solution commentée : {label} (page {page})",
    ),
    ("walkthrough_step", "Étape {n}"),
    (
        "walkthrough_legend",
        "Gris clair : les cases du motif. Gris foncé : les cases que l’étape change. Barrés : les candidats qui sortent. Petits chiffres : les candidats de chaque case vide ; les chiffres gris viennent des étapes précédentes.",
    ),
    (
        "walkthrough_singles",
        "Étapes {first}–{last} : des singletons placent {count} chiffres.",
    ),
    (
        "walkthrough_single",
        "Étape {first} : un singleton place un chiffre.",
    ),
    ("puzzle_note", "Grille {n}"),
    ("puzzles_note", "Grilles {first}–{last}"),
    ("answer_note", "page {page}"),
    ("belongs_to", "Ce livre appartient à"),
    ("isbn", "ISBN {isbn}"),
    ("puzzle_count_one", "{count} grille"),
    ("puzzle_count", "{count} grilles"),
    ("level_span", "{low} à {high_lower}"),
    ("with_solutions", "avec solutions"),
    ("cover_puzzles", "grilles"),
    ("cover_large_print", "Gros caractères"),
    ("cover_with_solutions", "Avec solutions"),
    ("back_count", "{count} grilles, {levels}"),
    (
        "back_solutions",
        "Les solutions de chaque grille à la fin du livre",
    ),
    (
        "back_large_print",
        "Gros caractères : grandes grilles, chiffres nets",
    ),
    (
        "back_one_solution",
        "Une seule solution par grille, trouvée par la logique seule",
    ),
    ("back_sample", "Essayez celle-ci"),
    ("label_time", "Temps"),
    ("combinations_title", "Combinaisons des cages"),
    ("combinations_cells", "Cages de {count} cases"),
    (
        "combinations_note",
        "Les chiffres d'une cage sont tous différents. Une cage de {from} cases ou plus contient les chiffres qu'une cage des autres cases laisserait de côté : sa somme vaut {total} moins celle de cette cage.",
    ),
    ("strategies_title", "Techniques de résolution"),
    (
        "strategy_example",
        "Un exemple tiré de la grille n° {n} (page {page}), étape {step} :",
    ),
    (
        "strategy_full_house",
        "Quand une ligne, une colonne ou un bloc n'a plus qu'une case vide, le seul chiffre qui lui manque va dans cette case.",
    ),
    (
        "strategy_hidden_single",
        "Prenez un chiffre et une maison (bloc, ligne ou colonne). Quand le chiffre n'a plus qu'une case possible dans cette maison, il y va, quoi que la case puisse contenir d'autre.",
    ),
    (
        "strategy_naked_single",
        "Regardez une case. Quand tous les chiffres sauf un figurent déjà dans sa ligne, sa colonne ou son bloc, le dernier est le chiffre de la case.",
    ),
    (
        "strategy_cage_sum",
        "Quand toutes les cases d'une cage sauf une sont remplies, la dernière contient la somme de la cage moins les chiffres déjà placés.",
    ),
    (
        "strategy_pointing",
        "Quand les places d'un chiffre dans un bloc sont toutes sur une même ligne (ou colonne), le chiffre sera sur cette ligne dans le bloc : il sort du reste de la ligne.",
    ),
    (
        "strategy_claiming",
        "Quand les places d'un chiffre dans une ligne (ou colonne) sont toutes dans un même bloc, le chiffre sera dans ce bloc sur cette ligne : il sort des autres cases du bloc.",
    ),
    (
        "strategy_peer_intersection",
        "Quand toutes les places d'un chiffre dans une zone voient la même case (par un saut de cavalier ou un pas de roi, par une cage, ou le long d'une ligne, d'une colonne ou d'un bloc), cette case ne peut pas contenir le chiffre : où qu'il aille dans la zone, elle le voit.",
    ),
    (
        "strategy_cage_house",
        "Quand une cage doit contenir un chiffre et que toutes ses places pour lui sont dans une même ligne, colonne ou bloc, cette maison reçoit le chiffre de la cage : il sort de ses autres cases.",
    ),
    (
        "strategy_cage_combination",
        "Listez les ensembles de chiffres différents qui font la somme d'une cage. Un chiffre qui n'appartient à aucun ensemble encore possible sort des cases de la cage.",
    ),
    (
        "strategy_mark_elimination",
        "Pour chaque candidat d'une case marquée (point, X ou V, carré ou rond gris, minimum ou maximum, cercle d'un quadruple), demandez-vous si la voisine marquée peut encore y répondre. Un candidat sans partenaire sort.",
    ),
    (
        "strategy_locked_mark",
        "Quand chaque place d'un chiffre dans une zone est une case ou touche cette case par un point, un X ou un V, ou la règle non consécutive, le chiffre finit dans la case ou à côté : la case ne peut contenir que ce qui peut se trouver à côté du chiffre.",
    ),
    (
        "strategy_house_combination",
        "Les cages d'une maison contiennent ensemble chaque chiffre une fois : les ensembles qui ne peuvent pas côtoyer ceux des autres cages sont rayés.",
    ),
    (
        "strategy_innie_outie",
        "Chaque ligne, colonne et bloc a le même total (45 avec les chiffres de 1 à 9). Ôtez les sommes des cages qui y sont contenues : il reste la somme des cases qui dépassent, dedans ou dehors.",
    ),
    (
        "strategy_naked_subset",
        "Quand deux cases d'une maison ne peuvent contenir que les deux mêmes chiffres (trois cases trois chiffres, quatre cases quatre), ces chiffres leur reviennent et sortent de toutes les autres cases de la maison.",
    ),
    (
        "strategy_hidden_subset",
        "Quand deux chiffres ne peuvent aller que dans les deux mêmes cases d'une maison (trois dans trois, quatre dans quatre), ces cases les contiennent : tout autre chiffre sort de ces cases.",
    ),
    (
        "strategy_fish",
        "Quand les places d'un chiffre dans deux lignes sont dans les deux mêmes colonnes (un X-Wing ; trois et trois : un Swordfish ; quatre : un Jellyfish), ces lignes remplissent ces colonnes avec lui : il sort du reste des colonnes. Cela marche aussi en échangeant lignes et colonnes.",
    ),
    (
        "strategy_xy_wing",
        "Une case aux candidats X et Y voit une case à X et Z et une autre à Y et Z. Quoi que contienne la première, l'une des deux autres vaut Z : Z sort de toute case qui voit les deux.",
    ),
    (
        "strategy_xyz_wing",
        "Comme l'XY-Wing, mais la case du milieu a X, Y et Z : l'une des trois cases vaut Z, donc Z sort de toute case qui voit les trois.",
    ),
    (
        "strategy_w_wing",
        "Deux cases ont les deux mêmes candidats X et Y, et une maison n'a X qu'en deux places, chacune vue par une des cases. L'une des deux cases vaut alors Y : Y sort de toute case qui voit les deux.",
    ),
    (
        "strategy_unique_rectangle",
        "Quatre cases sur deux lignes, deux colonnes et deux blocs ne peuvent finir avec les deux mêmes chiffres, sinon on pourrait les échanger et la grille aurait deux solutions. Un candidat qui laisserait un tel rectangle sort donc.",
    ),
    (
        "strategy_bug",
        "Quand chaque case ouverte a deux candidats sauf une qui en a trois, la grille aurait deux solutions si cette case ne prenait pas le chiffre qui apparaît trois fois dans ses maisons.",
    ),
    (
        "strategy_x_chain",
        "Suivez un chiffre le long de liens où une maison ne l'a qu'en deux places. Si la chaîne commence et finit par un tel lien, l'un de ses deux bouts contient le chiffre : il sort de toute case qui voit les deux bouts.",
    ),
    (
        "strategy_xy_chain",
        "Une chaîne de cases à deux candidats, chacune partageant un chiffre avec la suivante. Si la première n'est pas X, la dernière l'est : X sort de toute case qui voit les deux bouts.",
    ),
    (
        "strategy_aic",
        "Une chaîne dont les liens alternent entre « si ceci est faux, cela est vrai » et « si ceci est vrai, cela est faux », à travers cases et chiffres. Ses deux bouts ne peuvent être faux tous les deux : ce qui voit les deux sort.",
    ),
    (
        "strategy_forcing_chain",
        "Suivez ce qu'un choix impose, case après case. Si supposer un chiffre mène à une contradiction, il sort ; si tous les candidats d'une case (ou toutes les places d'un chiffre dans une maison) mènent au même résultat, ce résultat est vrai.",
    ),
    ("variant_classic", "Classique"),
    ("variant_jigsaw", "Irrégulier"),
    ("variant_diagonal", "Diagonale"),
    ("variant_window", "Fenêtre"),
    ("variant_plus_diagonal", "diagonale"),
    ("variant_plus_window", "fenêtre"),
    ("variant_anti_knight", "Anti-cavalier"),
    (
        "rules_anti_knight",
        "Deux cases séparées d'un saut de cavalier ne contiennent jamais le même chiffre.",
    ),
    ("variant_anti_king", "Anti-roi"),
    (
        "rules_anti_king",
        "Deux cases qui se touchent par un coin ne contiennent jamais le même chiffre.",
    ),
    ("variant_non_consecutive", "Non consécutif"),
    (
        "rules_non_consecutive",
        "Deux cases côte à côte ne contiennent jamais des chiffres consécutifs (comme 4 et 5).",
    ),
    ("variant_disjoint_groups", "Groupes disjoints"),
    (
        "rules_disjoint_groups",
        "Les cases à la même place dans leur bloc (toutes les cases en haut à gauche, etc.) contiennent aussi chaque chiffre une fois.",
    ),
    ("variant_even_odd", "Pair/impair"),
    (
        "rules_even_odd",
        "Un carré gris contient un chiffre pair, un rond gris un chiffre impair.",
    ),
    ("variant_kropki", "Kropki"),
    (
        "rules_kropki",
        "De part et d'autre d'un point blanc, les chiffres diffèrent de 1 ; de part et d'autre d'un point noir, l'un est le double de l'autre.",
    ),
    ("variant_kropki_negative", "Kropki (tous les points)"),
    (
        "rules_kropki_negative",
        "De part et d'autre d'un point blanc, les chiffres diffèrent de 1 ; de part et d'autre d'un point noir, l'un est le double de l'autre. Tous les points sont dessinés : là où il n'y en a pas, aucune des deux relations ne vaut.",
    ),
    ("variant_xv", "XV"),
    (
        "rules_xv",
        "De part et d'autre d'un X, les chiffres font 10 en tout ; d'un V, 5.",
    ),
    ("variant_xv_negative", "XV (toutes les marques)"),
    (
        "rules_xv_negative",
        "De part et d'autre d'un X, les chiffres font 10 en tout ; d'un V, 5. Tous les X et V sont dessinés : là où il n'y en a pas, les deux chiffres ne font ni 5 ni 10.",
    ),
    ("variant_min_max", "Minimum/maximum"),
    (
        "rules_min_max",
        "Une case grisée aux flèches tournées vers l'intérieur contient un chiffre plus petit que chacune de ses voisines ; aux flèches tournées vers l'extérieur, un plus grand.",
    ),
    ("variant_quadruple", "Quadruple"),
    (
        "rules_quadruple",
        "Les chiffres d'un cercle posé sur un coin se trouvent tous dans les quatre cases qui l'entourent.",
    ),
    ("variant_distinct_cages", "Cages"),
    (
        "rules_distinct_cages",
        "Un chiffre ne se répète pas dans une cage en pointillés.",
    ),
    ("variant_sized", "{variant} {size}×{size}"),
    ("section_title", "{variant} {size}×{size}"),
    ("section_level", "{title} — {level_lower}"),
    ("section_score", "{title} — score de {min} à {max}"),
    ("variant_killer", "Killer"),
    ("variant_plus_killer", "killer"),
    (
        "rules_cages",
        "Les chiffres de chaque cage en pointillés ont pour somme le petit nombre dans son coin, et aucun chiffre ne se répète dans une cage.",
    ),
    ("variant_plus_jigsaw", "irrégulier"),
    ("variant_samurai", "Samouraï"),
    ("variant_twodoku", "Twodoku"),
    ("variant_butterfly", "Butterfly"),
    (
        "rules_multi",
        "Chacune des {count} grilles 9×9 qui se chevauchent est un sudoku classique\u{a0}: placez les chiffres 1 à 9 de sorte que chaque ligne, chaque colonne et chaque bloc 3×3 de chaque grille contienne chaque chiffre une seule fois. Un bloc partagé par plusieurs grilles appartient à chacune\u{a0}: ses chiffres y comptent tous.",
    ),
    (
        "introduction_symbols",
        "Placez {symbols} dans les cases vides de sorte qu'aucun ne se répète dans une ligne, une colonne ou une région encadrée.",
    ),
    (
        "introduction_mixed",
        "Remplissez chaque case vide avec l'un des symboles de sa grille (chaque type ci-dessous dit lesquels) de sorte qu'aucun ne se répète dans une ligne, une colonne ou une région encadrée.",
    ),
    (
        "rules_symbols",
        "Placez {symbols} de sorte que {houses} et {last} contiennent chacun une seule fois.",
    ),
    ("symbols_letters", "les lettres {first} à {last}"),
    ("symbols_word", "les lettres de {word}"),
    ("symbols_letter_list", "les lettres {letters}"),
    (
        "word_hidden_row",
        "Une ligne de chaque solution forme un mot : trouvez-le !",
    ),
    (
        "word_hidden_first_row",
        "La première ligne de chaque solution forme un mot.",
    ),
    (
        "word_hidden_diagonal",
        "La grande diagonale partant d'en haut à gauche forme un mot dans chaque solution.",
    ),
    ("symbols_numbers", "les nombres 1 à {last}"),
    ("symbols_hex", "les symboles 0 à {last}"),
    ("symbols_pictures", "les images {names}"),
    (
        "symbols_colours",
        "les {count} couleurs (chacune avec sa forme à l'intérieur)",
    ),
    ("symbols_list", "{items} et {last}"),
    ("shape_star", "étoile"),
    ("shape_heart", "coeur"),
    ("shape_circle", "cercle"),
    ("shape_square", "carré"),
    ("shape_triangle", "triangle"),
    ("shape_moon", "lune"),
    ("shape_flower", "fleur"),
    ("shape_sun", "soleil"),
    ("shape_fish", "poisson"),
    ("kind_in_symbols", "{kind} · {set}"),
    ("set_digits", "Chiffres"),
    ("set_letters", "Lettres"),
    ("set_word", "Wordoku"),
    ("set_numbers", "Nombres"),
    ("set_hex", "Hexa"),
    ("set_pictures", "Images"),
    ("set_colours", "Couleurs"),
    (
        "level_easy_text_symbols",
        "détendu, sans notes\u{a0}: une case ou un symbole n’a toujours plus qu’un seul choix.",
    ),
    (
        "level_medium_text_symbols",
        "un peu de réflexion\u{a0}: notez parfois les symboles possibles de quelques cases pour trouver une paire.",
    ),
    (
        "walkthrough_legend_symbols",
        "Gris clair : les cases du motif. Gris foncé : les cases que l’étape change. Barrés : les candidats qui sortent. Petits symboles : les candidats de chaque case vide ; les symboles gris viennent des étapes précédentes.",
    ),
    (
        "walkthrough_singles_symbols",
        "Étapes {first}–{last} : des singletons placent {count} symboles.",
    ),
    (
        "walkthrough_single_symbols",
        "Étape {first} : un singleton place un symbole.",
    ),
    (
        "strategy_symbols_note",
        "Dans ce livre, « chiffre » désigne n’importe lequel de ces symboles : {symbols}.",
    ),
];

/// Spanish.
pub const ES: &[(&str, &str)] = &[
    ("how_to_play", "Cómo se juega"),
    (
        "introduction",
        "Rellena cada casilla vacía con una cifra de modo que ninguna cifra se repita en ninguna fila, columna o región marcada.",
    ),
    (
        "one_solution",
        "Cada sudoku tiene una única solución, y se puede encontrar solo con lógica: no hace falta adivinar.",
    ),
    (
        "solutions_at_back",
        "Las soluciones están al final del libro.",
    ),
    (
        "rules",
        "Coloca las cifras {digits} de modo que {houses} y {last} contengan cada cifra exactamente una vez.",
    ),
    ("digits_to", "del 1 al {last}"),
    ("digits_and_letters", "del 1 al 9 y de la A a la {last}"),
    ("house_row", "cada fila"),
    ("house_column", "cada columna"),
    ("house_region", "cada región marcada con líneas gruesas"),
    ("house_box", "cada bloque de {rows}×{cols}"),
    ("house_diagonals", "las dos diagonales principales"),
    (
        "house_windows",
        "cada una de las {count} ventanas sombreadas",
    ),
    ("levels_title", "Niveles de este libro"),
    ("level_line", "{level}: {text}"),
    ("level_easy", "Fácil"),
    ("level_medium", "Medio"),
    ("level_hard", "Difícil"),
    ("level_expert", "Experto"),
    ("level_extreme", "Extremo"),
    ("level_diabolical", "Diabólico"),
    (
        "level_easy_text",
        "tranquilo, sin notas: siempre hay una casilla o una cifra con una sola opción.",
    ),
    (
        "level_medium_text",
        "algo de planificación: a veces anotas los candidatos de unas casillas para ver una pareja.",
    ),
    (
        "level_hard_text",
        "un buen entrenamiento con lápiz, con patrones que cruzan varias filas y columnas.",
    ),
    (
        "level_expert_text",
        "lento y gratificante: razonamientos que cruzan toda la cuadrícula.",
    ),
    (
        "level_extreme_text",
        "para expertos curtidos: largos «¿y si…?» que acaban en una contradicción.",
    ),
    (
        "level_diabolical_text",
        "entre los sudokus más difíciles conocidos: «¿y si…?» unos dentro de otros.",
    ),
    ("contents", "Índice"),
    ("solutions", "Soluciones"),
    ("notes", "Notas"),
    (
        "walkthrough_title",
        "Solución paso a paso: sudoku n.º {n} (página {page})",
    ),
    (
        "walkthrough_of",
        "Solución paso a paso: {label} (página {page})",
    ),
    ("walkthrough_step", "Paso {n}"),
    (
        "walkthrough_legend",
        "Gris claro: las casillas del patrón. Gris oscuro: las casillas que cambia el paso. Tachados: los candidatos que salen. Cifras pequeñas: los candidatos de cada casilla vacía; las cifras grises vienen de pasos anteriores.",
    ),
    (
        "walkthrough_singles",
        "Pasos {first}–{last}: los únicos colocan {count} cifras.",
    ),
    (
        "walkthrough_single",
        "Paso {first}: un único coloca una cifra.",
    ),
    ("puzzle_note", "Sudoku {n}"),
    ("puzzles_note", "Sudokus {first}–{last}"),
    ("answer_note", "página {page}"),
    ("belongs_to", "Este libro pertenece a"),
    ("isbn", "ISBN {isbn}"),
    ("puzzle_count_one", "{count} sudoku"),
    ("puzzle_count", "{count} sudokus"),
    ("level_span", "De {low_lower} a {high_lower}"),
    ("with_solutions", "con soluciones"),
    ("cover_puzzles", "sudokus"),
    ("cover_large_print", "Letra grande"),
    ("cover_with_solutions", "Con soluciones"),
    ("back_count", "{count} sudokus, {levels}"),
    (
        "back_solutions",
        "Las soluciones de cada sudoku al final del libro",
    ),
    (
        "back_large_print",
        "Letra grande: cuadrículas grandes y cifras claras",
    ),
    (
        "back_one_solution",
        "Cada sudoku tiene una única solución, hallada solo con lógica",
    ),
    ("back_sample", "Pruebe este"),
    ("label_time", "Tiempo"),
    ("combinations_title", "Combinaciones de las jaulas"),
    ("combinations_cells", "Jaulas de {count} casillas"),
    (
        "combinations_note",
        "Las cifras de una jaula son todas distintas. Una jaula de {from} casillas o más tiene las cifras que dejaría fuera una jaula de las demás casillas: su suma es {total} menos la de esa jaula.",
    ),
    ("strategies_title", "Técnicas de resolución"),
    (
        "strategy_example",
        "Un ejemplo del sudoku n.º {n} (página {page}), paso {step}:",
    ),
    (
        "strategy_full_house",
        "Cuando a una fila, columna o caja le queda una sola casilla vacía, el único número que le falta va en ella.",
    ),
    (
        "strategy_hidden_single",
        "Tome un número y una casa (caja, fila o columna). Cuando el número solo tiene una casilla posible en esa casa, va allí, admita lo que admita la casilla.",
    ),
    (
        "strategy_naked_single",
        "Mire una casilla. Cuando todos los números menos uno ya están en su fila, su columna o su caja, el que queda es el de la casilla.",
    ),
    (
        "strategy_cage_sum",
        "Cuando todas las casillas de una jaula menos una están llenas, la última tiene la suma de la jaula menos los números que ya están en ella.",
    ),
    (
        "strategy_pointing",
        "Cuando los lugares de un número en una caja están todos en una fila (o columna), el número estará en esa fila dentro de la caja: sale del resto de la fila.",
    ),
    (
        "strategy_claiming",
        "Cuando los lugares de un número en una fila (o columna) están todos dentro de una caja, el número estará en esa caja en esa fila: sale de las demás casillas de la caja.",
    ),
    (
        "strategy_peer_intersection",
        "Cuando todos los lugares de un número en una zona ven la misma casilla (por un salto de caballo o un paso de rey, por una jaula, o a lo largo de una fila, columna o caja), esa casilla no puede tener el número: vaya donde vaya en la zona, la casilla lo ve.",
    ),
    (
        "strategy_cage_house",
        "Cuando una jaula debe contener un número y todos sus lugares para él están en una fila, columna o caja, esa casa recibe el número de la jaula: sale de sus demás casillas.",
    ),
    (
        "strategy_cage_combination",
        "Anote los conjuntos de números distintos que dan la suma de una jaula. Un número que no está en ningún conjunto aún posible sale de las casillas de la jaula.",
    ),
    (
        "strategy_mark_elimination",
        "Para cada candidato de una casilla marcada (punto, X o V, cuadrado o círculo gris, mínimo o máximo, círculo de un cuádruple), compruebe si la vecina marcada aún puede acompañarlo. Un candidato sin compañero sale.",
    ),
    (
        "strategy_locked_mark",
        "Cuando cada lugar de un número en una zona es una casilla o está junto a ella por un punto, una X o V, o la regla no consecutiva, el número acaba en esa casilla o a su lado: la casilla solo puede tener lo que puede estar junto al número.",
    ),
    (
        "strategy_house_combination",
        "Las jaulas de una casa contienen entre todas cada número una vez: se tachan los conjuntos que no caben junto a los de las otras jaulas.",
    ),
    (
        "strategy_innie_outie",
        "Cada fila, columna y caja suma lo mismo (45 con los números del 1 al 9). Reste las sumas de las jaulas que quedan dentro y lo que queda es la suma de las casillas que entran o sobresalen.",
    ),
    (
        "strategy_naked_subset",
        "Cuando dos casillas de una casa solo admiten los mismos dos números (tres casillas tres, cuatro casillas cuatro), esos números son de esas casillas y salen de todas las demás casillas de la casa.",
    ),
    (
        "strategy_hidden_subset",
        "Cuando dos números solo caben en las mismas dos casillas de una casa (tres en tres, cuatro en cuatro), esas casillas los contienen: cualquier otro número sale de ellas.",
    ),
    (
        "strategy_fish",
        "Cuando los lugares de un número en dos filas están en las mismas dos columnas (un X-Wing; tres y tres: un Swordfish; cuatro: un Jellyfish), esas filas llenan esas columnas con él: sale del resto de las columnas. Vale también cambiando filas por columnas.",
    ),
    (
        "strategy_xy_wing",
        "Una casilla con los candidatos X e Y ve una casilla con X y Z y otra con Y y Z. Tenga lo que tenga la primera, una de las otras dos es Z: Z sale de toda casilla que vea a ambas.",
    ),
    (
        "strategy_xyz_wing",
        "Como el XY-Wing, pero la casilla central tiene X, Y y Z: una de las tres es Z, así que Z sale de toda casilla que vea a las tres.",
    ),
    (
        "strategy_w_wing",
        "Dos casillas tienen los mismos candidatos X e Y, y una casa tiene X en solo dos lugares, cada uno visto por una de ellas. Entonces una de las dos es Y: Y sale de toda casilla que vea a ambas.",
    ),
    (
        "strategy_unique_rectangle",
        "Cuatro casillas en dos filas, dos columnas y dos cajas no pueden acabar con los mismos dos números, o podrían intercambiarse y el sudoku tendría dos soluciones. Un candidato que dejaría ese rectángulo sale.",
    ),
    (
        "strategy_bug",
        "Cuando cada casilla abierta tiene dos candidatos salvo una que tiene tres, el sudoku tendría dos soluciones si esa casilla no toma el número que aparece tres veces en sus casas.",
    ),
    (
        "strategy_x_chain",
        "Siga un número por enlaces donde una casa lo tiene en solo dos lugares. Si la cadena empieza y acaba con un enlace así, uno de sus extremos tiene el número: sale de toda casilla que vea ambos extremos.",
    ),
    (
        "strategy_xy_chain",
        "Una cadena de casillas con dos candidatos cada una, cada casilla con un número en común con la siguiente. Si la primera no es X, la última lo es: X sale de toda casilla que vea ambos extremos.",
    ),
    (
        "strategy_aic",
        "Una cadena cuyos enlaces alternan entre «si esto es falso, aquello es cierto» y «si esto es cierto, aquello es falso», entre casillas y números. Sus dos extremos no pueden ser falsos a la vez: lo que ve a ambos sale.",
    ),
    (
        "strategy_forcing_chain",
        "Siga lo que una elección obliga, casilla a casilla. Si suponer un número lleva a una contradicción, sale; si todos los candidatos de una casilla (o todos los lugares de un número en una casa) llevan al mismo resultado, ese resultado es cierto.",
    ),
    ("variant_classic", "Clásico"),
    ("variant_jigsaw", "Irregular"),
    ("variant_diagonal", "Diagonal"),
    ("variant_window", "Ventana"),
    ("variant_plus_diagonal", "diagonal"),
    ("variant_plus_window", "ventana"),
    ("variant_anti_knight", "Anti-caballo"),
    (
        "rules_anti_knight",
        "Dos casillas separadas por un salto de caballo nunca tienen la misma cifra.",
    ),
    ("variant_anti_king", "Anti-rey"),
    (
        "rules_anti_king",
        "Dos casillas que se tocan por una esquina nunca tienen la misma cifra.",
    ),
    ("variant_non_consecutive", "No consecutivo"),
    (
        "rules_non_consecutive",
        "Dos casillas contiguas nunca tienen cifras consecutivas (como 4 y 5).",
    ),
    ("variant_disjoint_groups", "Grupos disjuntos"),
    (
        "rules_disjoint_groups",
        "Las casillas en la misma posición de sus cajas (todas las de arriba a la izquierda, etc.) también tienen cada cifra una vez.",
    ),
    ("variant_even_odd", "Par/impar"),
    (
        "rules_even_odd",
        "Un cuadrado gris tiene una cifra par; un círculo gris, una impar.",
    ),
    ("variant_kropki", "Kropki"),
    (
        "rules_kropki",
        "A ambos lados de un punto blanco, las cifras se diferencian en 1; a ambos lados de un punto negro, una es el doble de la otra.",
    ),
    ("variant_kropki_negative", "Kropki (todos los puntos)"),
    (
        "rules_kropki_negative",
        "A ambos lados de un punto blanco, las cifras se diferencian en 1; a ambos lados de un punto negro, una es el doble de la otra. Todos los puntos están dibujados: donde no hay ninguno, no se cumple ninguna de las dos relaciones.",
    ),
    ("variant_xv", "XV"),
    (
        "rules_xv",
        "A ambos lados de una X, las cifras suman 10; de una V, 5.",
    ),
    ("variant_xv_negative", "XV (todas las marcas)"),
    (
        "rules_xv_negative",
        "A ambos lados de una X, las cifras suman 10; de una V, 5. Todas las X y V están dibujadas: donde no hay ninguna, las dos cifras no suman ni 5 ni 10.",
    ),
    ("variant_min_max", "Mínimo/máximo"),
    (
        "rules_min_max",
        "Una casilla gris con flechas hacia dentro tiene una cifra menor que cada casilla vecina; con flechas hacia fuera, una mayor.",
    ),
    ("variant_quadruple", "Cuádruple"),
    (
        "rules_quadruple",
        "Las cifras de un círculo sobre una esquina están todas en las cuatro casillas que lo rodean.",
    ),
    ("variant_distinct_cages", "Jaulas"),
    (
        "rules_distinct_cages",
        "Las cifras no se repiten dentro de una jaula de trazos.",
    ),
    ("variant_sized", "{variant} {size}×{size}"),
    ("section_title", "{variant} {size}×{size}"),
    ("section_level", "{title} — {level_lower}"),
    ("section_score", "{title} — puntuación de {min} a {max}"),
    ("variant_killer", "Killer"),
    ("variant_plus_killer", "killer"),
    (
        "rules_cages",
        "Las cifras de cada jaula punteada suman el número pequeño de su esquina, y ninguna cifra se repite en una jaula.",
    ),
    ("variant_plus_jigsaw", "irregular"),
    ("variant_samurai", "Samurái"),
    ("variant_twodoku", "Twodoku"),
    ("variant_butterfly", "Butterfly"),
    (
        "rules_multi",
        "Cada una de las {count} cuadrículas de 9×9 superpuestas es un sudoku clásico: coloca las cifras del 1 al 9 de modo que cada fila, cada columna y cada bloque de 3×3 de cada cuadrícula contengan cada cifra exactamente una vez. Un bloque compartido por varias cuadrículas pertenece a cada una, así que sus cifras cuentan en todas.",
    ),
    (
        "introduction_symbols",
        "Coloca {symbols} en las casillas vacías de modo que ninguno se repita en una fila, columna o región marcada.",
    ),
    (
        "introduction_mixed",
        "Rellena cada casilla vacía con uno de los símbolos de su sudoku (cada tipo de abajo dice cuáles) de modo que ninguno se repita en una fila, columna o región marcada.",
    ),
    (
        "rules_symbols",
        "Coloca {symbols} de modo que {houses} y {last} contengan cada uno exactamente una vez.",
    ),
    ("symbols_letters", "las letras de la {first} a la {last}"),
    ("symbols_word", "las letras de {word}"),
    ("symbols_letter_list", "las letras {letters}"),
    (
        "word_hidden_row",
        "Una fila de cada solución forma una palabra: ¡encuéntrela!",
    ),
    (
        "word_hidden_first_row",
        "La primera fila de cada solución forma una palabra.",
    ),
    (
        "word_hidden_diagonal",
        "La diagonal larga desde arriba a la izquierda forma una palabra en cada solución.",
    ),
    ("symbols_numbers", "los números del 1 al {last}"),
    ("symbols_hex", "los símbolos del 0 al {last}"),
    ("symbols_pictures", "las imágenes {names}"),
    (
        "symbols_colours",
        "los {count} colores (cada uno con su forma dentro)",
    ),
    ("symbols_list", "{items} y {last}"),
    ("shape_star", "estrella"),
    ("shape_heart", "corazón"),
    ("shape_circle", "círculo"),
    ("shape_square", "cuadrado"),
    ("shape_triangle", "triángulo"),
    ("shape_moon", "luna"),
    ("shape_flower", "flor"),
    ("shape_sun", "sol"),
    ("shape_fish", "pez"),
    ("kind_in_symbols", "{kind} · {set}"),
    ("set_digits", "Cifras"),
    ("set_letters", "Letras"),
    ("set_word", "Wordoku"),
    ("set_numbers", "Números"),
    ("set_hex", "Hex"),
    ("set_pictures", "Imágenes"),
    ("set_colours", "Colores"),
    (
        "level_easy_text_symbols",
        "tranquilo, sin notas: siempre hay una casilla o un símbolo con una sola opción.",
    ),
    (
        "level_medium_text_symbols",
        "algo de planificación: a veces anotas los símbolos posibles de unas casillas para ver una pareja.",
    ),
    (
        "walkthrough_legend_symbols",
        "Gris claro: las casillas del patrón. Gris oscuro: las casillas que cambia el paso. Tachados: los candidatos que salen. Símbolos pequeños: los candidatos de cada casilla vacía; los símbolos grises vienen de pasos anteriores.",
    ),
    (
        "walkthrough_singles_symbols",
        "Pasos {first}–{last}: los únicos colocan {count} símbolos.",
    ),
    (
        "walkthrough_single_symbols",
        "Paso {first}: un único coloca un símbolo.",
    ),
    (
        "strategy_symbols_note",
        "En este libro, «cifra» designa cualquiera de estos símbolos: {symbols}.",
    ),
];

/// Kids' books (`[style] kids = true`): the texts of the instructions in simple words, laid
/// over the language's table (the spec's `[strings]` still win).
pub const KIDS_EN: &[(&str, &str)] = &[
    (
        "rules_even_odd",
        "A grey square needs an even number (2, 4, 6…), a grey circle an odd number (1, 3, 5…).",
    ),
    (
        "rules_non_consecutive",
        "Two squares side by side never hold numbers that come one after the other, like 3 and 4.",
    ),
    (
        "level_easy_text_symbols",
        "look for the square where only one of them fits.",
    ),
    (
        "level_medium_text_symbols",
        "look a bit longer: one of them can often go in only one place.",
    ),
    ("how_to_play", "Let's play!"),
    (
        "introduction",
        "Write a number in every empty square. Each row, each column and each thick box has every number just once.",
    ),
    (
        "one_solution",
        "Every puzzle has one answer. You can find it by thinking: no guessing!",
    ),
    (
        "solutions_at_back",
        "The answers are at the back of the book.",
    ),
    (
        "rules",
        "Use the numbers {digits}. Each one goes once in {houses} and {last}.",
    ),
    ("levels_title", "How hard is it?"),
    (
        "level_easy_text",
        "look for the square where only one number fits.",
    ),
    (
        "level_medium_text",
        "look a bit longer: a number can often go in only one place.",
    ),
    ("level_hard_text", "a real puzzle: take your time!"),
    (
        "introduction_symbols",
        "Put {symbols} in the empty squares. Each row, each column and each thick box has every one just once.",
    ),
    (
        "rules_symbols",
        "Use {symbols}. Each one goes once in {houses} and {last}.",
    ),
];

pub const KIDS_DE: &[(&str, &str)] = &[
    (
        "rules_even_odd",
        "Ein graues Quadrat braucht eine gerade Zahl (2, 4, 6…), ein grauer Kreis eine ungerade Zahl (1, 3, 5…).",
    ),
    (
        "rules_non_consecutive",
        "Zwei Kästchen nebeneinander haben nie Zahlen, die direkt aufeinander folgen, wie 3 und 4.",
    ),
    (
        "level_easy_text_symbols",
        "such das Kästchen, in das nur eines passt.",
    ),
    (
        "level_medium_text_symbols",
        "schau etwas länger: oft passt eines nur an eine Stelle.",
    ),
    ("how_to_play", "Los geht's!"),
    (
        "introduction",
        "Schreib in jedes leere Kästchen eine Zahl. Keine Zahl darf zweimal in einer Reihe, einer Spalte oder einem dicken Kasten stehen.",
    ),
    (
        "one_solution",
        "Jedes Rätsel hat eine Lösung, und du findest sie durch Nachdenken. Nicht raten!",
    ),
    ("solutions_at_back", "Die Lösungen stehen hinten im Buch."),
    (
        "rules",
        "Nimm die Zahlen {digits}. Jede kommt einmal in {houses} und {last}.",
    ),
    ("levels_title", "Wie schwer ist es?"),
    (
        "level_easy_text",
        "such das Kästchen, in das nur eine Zahl passt.",
    ),
    (
        "level_medium_text",
        "schau etwas länger: oft passt eine Zahl nur an eine Stelle.",
    ),
    ("level_hard_text", "ein echtes Rätsel: nimm dir Zeit!"),
    (
        "introduction_symbols",
        "Trage {symbols} in die leeren Kästchen ein. Keines darf zweimal in einer Zeile, einer Spalte oder einem dicken Kasten sein.",
    ),
    (
        "rules_symbols",
        "Nimm {symbols}. Jedes kommt einmal in {houses} und {last}.",
    ),
];

pub const KIDS_FR: &[(&str, &str)] = &[
    (
        "rules_even_odd",
        "Un carré gris veut un nombre pair (2, 4, 6…), un rond gris un nombre impair (1, 3, 5…).",
    ),
    (
        "rules_non_consecutive",
        "Deux cases côte à côte n'ont jamais des nombres qui se suivent, comme 3 et 4.",
    ),
    (
        "level_easy_text_symbols",
        "cherche la case où un seul peut aller.",
    ),
    (
        "level_medium_text_symbols",
        "regarde un peu plus : souvent l’un d’eux ne va qu’à un seul endroit.",
    ),
    ("how_to_play", "À toi de jouer !"),
    (
        "introduction",
        "Écris un nombre dans chaque case vide. Chaque ligne, chaque colonne et chaque gros carré a chaque nombre une seule fois.",
    ),
    (
        "one_solution",
        "Chaque grille a une seule réponse, et tu la trouves en réfléchissant. Pas au hasard !",
    ),
    ("solutions_at_back", "Les réponses sont à la fin du livre."),
    (
        "rules",
        "Utilise les nombres {digits}. Chacun va une fois dans {houses} et {last}.",
    ),
    ("levels_title", "C'est difficile ?"),
    (
        "level_easy_text",
        "cherche la case où un seul nombre peut aller.",
    ),
    (
        "level_medium_text",
        "regarde un peu plus : souvent un nombre ne va qu'à un seul endroit.",
    ),
    ("level_hard_text", "une vraie énigme : prends ton temps !"),
    (
        "introduction_symbols",
        "Mets {symbols} dans les cases vides. Chaque ligne, chaque colonne et chaque gros carré a chacun une seule fois.",
    ),
    (
        "rules_symbols",
        "Utilise {symbols}. Chacun va une fois dans {houses} et {last}.",
    ),
];

pub const KIDS_ES: &[(&str, &str)] = &[
    (
        "rules_even_odd",
        "Un cuadrado gris quiere un número par (2, 4, 6…); un círculo gris, un número impar (1, 3, 5…).",
    ),
    (
        "rules_non_consecutive",
        "Dos casillas juntas nunca tienen números seguidos, como 3 y 4.",
    ),
    (
        "level_easy_text_symbols",
        "busca la casilla donde solo cabe uno.",
    ),
    (
        "level_medium_text_symbols",
        "mira un poco más: a menudo uno solo cabe en un sitio.",
    ),
    ("how_to_play", "¡A jugar!"),
    (
        "introduction",
        "Escribe un número en cada casilla vacía. Cada fila, cada columna y cada cuadro grueso tiene cada número una sola vez.",
    ),
    (
        "one_solution",
        "Cada sudoku tiene una sola respuesta, y la encuentras pensando. ¡Sin adivinar!",
    ),
    (
        "solutions_at_back",
        "Las respuestas están al final del libro.",
    ),
    (
        "rules",
        "Usa los números {digits}. Cada uno va una vez en {houses} y {last}.",
    ),
    ("levels_title", "¿Es difícil?"),
    (
        "level_easy_text",
        "busca la casilla donde solo cabe un número.",
    ),
    (
        "level_medium_text",
        "mira un poco más: a menudo un número solo cabe en un sitio.",
    ),
    ("level_hard_text", "un reto de verdad: ¡tómate tu tiempo!"),
    (
        "introduction_symbols",
        "Pon {symbols} en las casillas vacías. Cada fila, cada columna y cada cuadro grueso tiene cada uno una sola vez.",
    ),
    (
        "rules_symbols",
        "Usa {symbols}. Cada uno va una vez en {houses} y {last}.",
    ),
];
