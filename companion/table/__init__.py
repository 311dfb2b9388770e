"""A table of phones: links between phones (WebRTC on the phone build) and the codes that make them."""
