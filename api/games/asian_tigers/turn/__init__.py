"""The turn: placement, building, market and trade, bonuses (infrastructure, nation, performance, region),
satellites and headquarters, and the small effects they share."""
