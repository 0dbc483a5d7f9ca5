"""ReportLab output: card faces, backs, sheets, QR codes and rule sheets."""
