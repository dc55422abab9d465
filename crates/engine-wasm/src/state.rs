//! Answers about a player's state of a puzzle (the playable page's questions): which cells
//! break a rule, the candidates the values leave, and the next logical step from the player's
//! own values and notes, explained in the page's words.
//!
//! A state request is up to five lines: the variant; the puzzle line (`givens|regions|cages|marks`
//! as `generate` writes it); the player's values (one symbol a cell, `.` empty; the givens when
//! left out); the player's notes (one candidate mask a cell, comma-separated, `0` or nothing for
//! none); the names of the values 1..=N, tab-separated (digits when left out).

use sudoku_engine::grid::text::symbol_value;
use sudoku_engine::grid::{Geometry, Grid, ImportError, read_puzzle_line};
use sudoku_engine::logic::step_words::{StepWords, SymbolWords};
use sudoku_engine::logic::{Candidates, Level, Step, next_step};
use sudoku_engine::solve::Solver;

use crate::json::{list, quoted};
use crate::words::PageWords;

/// A puzzle and the player's state of it.
pub struct State {
    pub geo: Geometry,
    pub givens: Grid,
    pub values: Grid,
    /// Candidate masks the player pencilled (0: none in that cell).
    pub notes: Vec<u32>,
    /// How the values are named (empty: their digits).
    pub names: Vec<String>,
}

fn error(line: usize, what: impl Into<String>) -> ImportError {
    ImportError {
        line,
        column: None,
        what: what.into(),
    }
}

/// Reads a state request.
pub fn read_state(request: &str) -> Result<State, ImportError> {
    let mut lines = request.split('\n');
    let variant = lines.next().unwrap_or_default();
    let variant = crate::parse_variant(variant)?;
    let puzzle = lines
        .next()
        .ok_or_else(|| error(2, "the puzzle line is missing"))?;
    let (geo, givens) = read_puzzle_line(puzzle, 2, variant)?;
    let cells = geo.cell_count();
    let values = match lines.next().map(str::trim).filter(|l| !l.is_empty()) {
        Some(line) => read_values(line, &geo, &givens)?,
        None => givens.clone(),
    };
    let notes = match lines.next().map(str::trim).filter(|l| !l.is_empty()) {
        Some(line) => read_notes(line, cells, geo.all_digits())?,
        None => vec![0; cells],
    };
    let names = lines
        .next()
        .filter(|l| !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .unwrap_or_default();
    Ok(State {
        geo,
        givens,
        values,
        notes,
        names,
    })
}

/// The player's values: one symbol a cell, every given kept.
fn read_values(line: &str, geo: &Geometry, givens: &Grid) -> Result<Grid, ImportError> {
    let symbols: Vec<char> = line.chars().collect();
    if symbols.len() != geo.cell_count() {
        return Err(error(
            3,
            format!("{} values for {} cells", symbols.len(), geo.cell_count()),
        ));
    }
    let mut values = Vec::with_capacity(symbols.len());
    for (cell, &symbol) in symbols.iter().enumerate() {
        let value = symbol_value(symbol)
            .filter(|&v| usize::from(v) <= geo.size())
            .ok_or_else(|| error(3, format!("{symbol:?} is not a value of this grid")))?;
        let given = givens.get(cell);
        if given != 0 && value != given {
            return Err(error(
                3,
                format!("the given {} was changed", geo.names().name(cell)),
            ));
        }
        values.push(value);
    }
    Ok(Grid::new(geo.size(), values))
}

/// The player's notes: a mask a cell.
fn read_notes(line: &str, cells: usize, all: u32) -> Result<Vec<u32>, ImportError> {
    let notes: Vec<u32> = line
        .split(',')
        .map(|n| match n.trim() {
            "" => Ok(0),
            n => n.parse::<u32>().map(|m| m & all),
        })
        .collect::<Result<_, _>>()
        .map_err(|_| error(4, "notes are masks: numbers separated by commas"))?;
    if notes.len() != cells {
        return Err(error(4, format!("{} notes for {cells} cells", notes.len())));
    }
    Ok(notes)
}

/// `{"cells":[…],"problems":[{"cells":[…],"text":"…"}]}`: every rule the values break —
/// a digit twice in a house, a cage's sum or repeat, a mark or global rule between two cells.
pub fn check(state: &State) -> String {
    let grid = state.values.cells();
    let mut breaches: Vec<(Vec<usize>, String)> = state
        .values
        .conflicts(&state.geo)
        .into_iter()
        .map(|c| (vec![c.first, c.second], c.to_string()))
        .collect();
    if let Some(cages) = state.geo.cages() {
        breaches.extend(cages.breaches(grid).into_iter().map(|b| (b.cells, b.text)));
    }
    if let Some(marks) = state.geo.marks() {
        breaches.extend(marks.breaches(grid).into_iter().map(|b| (b.cells, b.text)));
    }
    let mut cells: Vec<usize> = breaches
        .iter()
        .flat_map(|(c, _)| c.iter().copied())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    let problems: Vec<String> = breaches
        .iter()
        .map(|(cells, text)| format!("{{\"cells\":{},\"text\":{}}}", list(cells), quoted(text)))
        .collect();
    format!(
        "{{\"cells\":{},\"problems\":[{}]}}",
        list(&cells),
        problems.join(",")
    )
}

/// `{"candidates":[mask…],"broken":bool}`: what each empty cell may still hold given the values
/// and every rule's peers (0 for a filled cell).
pub fn candidates(state: &State) -> String {
    let c = Candidates::from_givens(&state.geo, &state.values);
    format!(
        "{{\"candidates\":{},\"broken\":{}}}",
        list(c.masks()),
        c.is_broken()
    )
}

/// The next hint from the player's state, one of:
/// `{"wrong":[cells]}` (values that differ from the solution: they go first),
/// `{"done":true}` (the grid is full and right),
/// `{"missing":[cells]}` (notes that leave out the cell's answer),
/// `{"step":{…}}` (the easiest step from the values, and from the notes where the player has
/// pencilled some), or `{"error":…}` when the puzzle has no single solution.
pub fn next_hint(state: &State, words: &PageWords) -> Result<String, ImportError> {
    let solver = Solver::new(&state.geo);
    let solution = match solver.count_solutions(&state.givens, 2) {
        1 => solver.first_solution(&state.givens),
        _ => None,
    }
    .ok_or_else(|| error(2, "the puzzle has no single solution"))?;
    let cells = state.geo.cell_count();
    let wrong: Vec<usize> = (0..cells)
        .filter(|&c| state.values.get(c) != 0 && state.values.get(c) != solution.get(c))
        .collect();
    if !wrong.is_empty() {
        return Ok(format!("{{\"wrong\":{}}}", list(&wrong)));
    }
    if state.values.empty_count() == 0 {
        return Ok("{\"done\":true}".into());
    }
    let bit = |d: u8| 1u32 << (d - 1);
    let missing: Vec<usize> = (0..cells)
        .filter(|&c| {
            let notes = state.notes[c];
            state.values.get(c) == 0 && notes != 0 && notes & bit(solution.get(c)) == 0
        })
        .collect();
    if !missing.is_empty() {
        return Ok(format!("{{\"missing\":{}}}", list(&missing)));
    }
    let start = player_candidates(state);
    let step = next_step(&start, Level::Diabolical)
        .ok_or_else(|| error(2, "no logical step was found"))?;
    let named = SymbolWords::new(words, state.names.clone());
    Ok(format!(
        "{{\"step\":{}}}",
        step_json(&step, &state.geo, &named)
    ))
}

/// The candidates the values leave, narrowed to the player's notes where there are some.
fn player_candidates(state: &State) -> Candidates<'_> {
    let computed = Candidates::from_givens(&state.geo, &state.values);
    let masks: Vec<u32> = computed
        .masks()
        .iter()
        .zip(&state.notes)
        .map(|(&mask, &notes)| if notes == 0 { mask } else { mask & notes })
        .collect();
    Candidates::from_masks(&state.geo, state.values.cells(), &masks)
}

/// A step for the page: its technique (English name and the page's), its text, its pattern's
/// cells, its houses (indices into the geometry's houses), what it places and removes.
fn step_json(step: &Step, geo: &Geometry, words: &dyn StepWords) -> String {
    let houses: Vec<usize> = step
        .houses
        .iter()
        .filter_map(|kind| geo.houses().iter().position(|h| h.kind == *kind))
        .collect();
    let pairs = |list: &[(usize, u8)]| {
        let items: Vec<String> = list.iter().map(|(c, d)| format!("[{c},{d}]")).collect();
        format!("[{}]", items.join(","))
    };
    format!(
        "{{\"technique\":{},\"name\":{},\"level\":\"{}\",\"text\":{},\"cells\":{},\"houses\":{},\"place\":{},\"remove\":{}}}",
        quoted(step.technique.name()),
        quoted(&sudoku_engine::logic::step_words::technique_name(
            words,
            step.technique
        )),
        step.level().name(),
        quoted(&step.describe(words)),
        list(&step.cells),
        list(&houses),
        pairs(&step.placements),
        pairs(&step.eliminations)
    )
}
