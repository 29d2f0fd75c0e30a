//! CPU decoders for texture formats the GL may lack, written from the format specs.
//! Every decoder writes RGBA8 rows, top row first, in upload order.
