"""An event outside the screen: CSV/XLSX/JSON downloads, the print sheets, the terminal tables."""
