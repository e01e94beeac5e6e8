"""What a seller reads and writes in the seller portal (/seller): their offers, their catalogue
requests, their shipments, their money. Every function takes the seller's id and looks records
up within it, so another seller's record is "not found" (404), never shown."""
