//! Print-ready output: a finished book or cover PDF made PDF/X-1a:2001 or PDF/X-4 (colours
//! separated or made grey, the page boxes, the output intent, the Info keys and XMP), and the
//! preflight that reads the written file back and refuses one that breaks a rule.

pub mod colour;
pub mod pdfx;
pub mod preflight;

use colour::{Condition, Separation};
use pdfx::{PdfxError, Role, Target, make_pdfx};
use preflight::{Rules, preflight};

use crate::spec::{BookPlan, Paper};

/// Why a book's PDF is not print-ready.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error(transparent)]
    Convert(#[from] PdfxError),
    #[error("the CMYK separation cannot be set up: {0}")]
    Separation(String),
    #[error("{file} is not {standard}, so the book is not written: {}", .faults.join("; "))]
    Refused {
        file: &'static str,
        standard: &'static str,
        faults: Vec<String>,
    },
}

/// What one book's PDFs are made into: the standard, the separation, the rules.
pub struct PrintJob {
    plan_date: Option<i64>,
    standard: crate::spec::Standard,
    condition: Condition,
    separation: Separation,
    ink_limit: u32,
    colour_interior: bool,
}

impl PrintJob {
    /// The job of `plan`'s `[print]` (`None` when the book is plain PDF).
    pub fn of(plan: &BookPlan) -> Result<Option<PrintJob>, PrintError> {
        let print = &plan.print;
        if !print.is_pdfx() {
            return Ok(None);
        }
        let condition = Condition::for_standard(print.standard);
        let separation =
            Separation::new(condition, print.ink_limit).map_err(PrintError::Separation)?;
        Ok(Some(PrintJob {
            plan_date: plan.date(),
            standard: print.standard,
            condition,
            separation,
            ink_limit: print.ink_limit,
            colour_interior: plan.cover.as_ref().is_some_and(|c| c.paper == Paper::Color),
        }))
    }

    /// The role of the file named `name` in the book folder (`None`: not a PDF of the book).
    pub fn role_of(&self, name: &str) -> Option<Role> {
        match name {
            "book.pdf" => Some(Role::Interior {
                colour: self.colour_interior,
            }),
            "cover.pdf" => Some(Role::Cover),
            _ => None,
        }
    }

    /// `bytes` (a PDF of the book in `role`) made print-ready and checked from the bytes
    /// written: refused with every fault found.
    pub fn make(&self, bytes: &[u8], role: Role) -> Result<Vec<u8>, PrintError> {
        let target = Target {
            standard: self.standard,
            role,
            separation: &self.separation,
            condition: self.condition,
            date: self.plan_date,
        };
        let made = make_pdfx(bytes, &target)?;
        let rules = Rules {
            standard: self.standard,
            role,
            ink_limit: self.ink_limit,
        };
        let faults = preflight(&made, &rules);
        if faults.is_empty() {
            Ok(made)
        } else {
            Err(PrintError::Refused {
                file: role.file(),
                standard: self.standard.name(),
                faults,
            })
        }
    }
}
