// accepted: a labelled function declaration is allowed in sloppy scripts (Annex B)
label: function f() {}
