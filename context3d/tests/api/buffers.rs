//! VertexBuffer3D and IndexBuffer3D.

use molehill_agal::profile::Profile;
use molehill_context3d::{BufferUsage, Call, IndexBufferDesc, VertexBufferDesc};

use crate::common::*;

const BAD_SIZE: &str = "Error #3669: Bad input size.";
const TOO_BIG: &str = "Error #3670: Buffer too big.";
const ZERO: &str = "Error #3671: Buffer has zero size.";

#[test]
fn create_vertex_buffer_sends_the_description() {
    let mut c = ctx(Profile::Baseline);
    let vb = c.create_vertex_buffer(100, 5, "dynamicDraw").unwrap();
    assert_eq!(c.vertex_buffer_len(vb), Some(100));
    let calls = c.backend_mut().take();
    let [Call::CreateVertexBuffer(_, desc)] = &calls[..] else {
        panic!("{calls:?}")
    };
    assert_eq!(
        *desc,
        VertexBufferDesc {
            num_vertices: 100,
            data32_per_vertex: 5,
            usage: BufferUsage::DynamicDraw,
            instances_per_element: None
        }
    );
    c.create_vertex_buffer(65535, 64, "staticDraw").unwrap();
}

#[test]
fn create_vertex_buffer_errors() {
    let mut c = ctx(Profile::Baseline);
    assert_error(c.create_vertex_buffer(3, 65, "staticDraw"), 3670, TOO_BIG);
    assert_error(
        c.create_vertex_buffer(65536, 4, "staticDraw"),
        3670,
        TOO_BIG,
    );
    assert_error(c.create_vertex_buffer(3, 0, "staticDraw"), 3671, ZERO);
    assert_error(c.create_vertex_buffer(0, 4, "staticDraw"), 3671, ZERO);
    assert_error(c.create_vertex_buffer(-1, 4, "staticDraw"), 3669, BAD_SIZE);
    assert_error(c.create_vertex_buffer(3, -4, "staticDraw"), 3669, BAD_SIZE);
    assert_2008(c.create_vertex_buffer(3, 4, "StaticDraw"), "bufferUsage");
    assert!(c.backend().calls.is_empty());
}

#[test]
fn instance_buffers_need_standard_extended() {
    let mut c = ctx(Profile::Standard);
    assert_error(
        c.create_vertex_buffer_for_instances(4, 4, 1, "staticDraw"),
        3787,
        "Error #3787: This call requires a Context3D that is created with the standard extended profile or above.",
    );
    let mut c = ctx(Profile::StandardExtended);
    let msg = "Error #3784: The number of instances per element should be greater than 0.";
    assert_error(
        c.create_vertex_buffer_for_instances(4, 4, 0, "staticDraw"),
        3784,
        msg,
    );
    assert_error(
        c.create_vertex_buffer_for_instances(4, 4, -2, "staticDraw"),
        3784,
        msg,
    );
    c.create_vertex_buffer_for_instances(4, 4, 2, "staticDraw")
        .unwrap();
    assert!(matches!(
        c.backend_mut().take()[..],
        [Call::CreateVertexBuffer(
            _,
            VertexBufferDesc {
                instances_per_element: Some(2),
                ..
            }
        )]
    ));
}

#[test]
fn vertex_upload_from_vector_writes_floats_at_the_vertex_offset() {
    let mut c = ctx(Profile::Baseline);
    let vb = c.create_vertex_buffer(4, 2, "staticDraw").unwrap();
    c.backend_mut().take();
    // Extra values are ignored.
    c.vertex_buffer_upload_from_vector(vb, &[1.0, 2.0, 3.0, 4.0, 9.0], 1, 2)
        .unwrap();
    let calls = c.backend_mut().take();
    let [Call::UploadVertexBuffer(_, offset, bytes)] = &calls[..] else {
        panic!("{calls:?}")
    };
    assert_eq!(*offset, 8);
    assert_eq!(*bytes, floats_le(&[1.0, 2.0, 3.0, 4.0]));
    // Zero vertices: nothing to send.
    c.vertex_buffer_upload_from_vector(vb, &[] as &[f64], 4, 0)
        .unwrap();
    assert!(c.backend().calls.is_empty());
}

#[test]
fn vertex_upload_errors() {
    let mut c = ctx(Profile::Baseline);
    let vb = c.create_vertex_buffer(4, 2, "staticDraw").unwrap();
    c.backend_mut().take();
    assert_error(
        c.vertex_buffer_upload_from_vector(vb, &[0.0; 7], 0, 4),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.vertex_buffer_upload_from_vector(vb, &[0.0; 8], 1, 4),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.vertex_buffer_upload_from_vector(vb, &[0.0; 8], -1, 1),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.vertex_buffer_upload_from_vector(vb, &[0.0; 8], 0, -1),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.vertex_buffer_upload_from_byte_array(vb, &[0; 31], 0, 0, 4),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.vertex_buffer_upload_from_byte_array(vb, &[0; 32], 1, 0, 4),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.vertex_buffer_upload_from_byte_array(vb, &[0; 32], 99, 0, 1),
        3669,
        BAD_SIZE,
    );
    assert!(c.backend().calls.is_empty());
    c.vertex_buffer_dispose(vb);
    c.vertex_buffer_dispose(vb);
    assert_eq!(c.backend_mut().take().len(), 1);
    assert_disposed(c.vertex_buffer_upload_from_vector(vb, &[0.0; 8], 0, 4));
    assert_disposed(c.vertex_buffer_upload_from_byte_array(vb, &[0; 32], 0, 0, 4));
}

#[test]
fn vertex_upload_from_byte_array_copies_bytes_from_the_offset() {
    let mut c = ctx(Profile::Baseline);
    let vb = c.create_vertex_buffer(2, 1, "staticDraw").unwrap();
    c.backend_mut().take();
    let data = [9, 9, 1, 2, 3, 4, 5, 6, 7, 8];
    c.vertex_buffer_upload_from_byte_array(vb, &data, 2, 0, 2)
        .unwrap();
    assert_eq!(
        c.backend_mut().take()[..],
        [Call::UploadVertexBuffer(
            molehill_context3d::VertexBufferId(1),
            0,
            vec![1, 2, 3, 4, 5, 6, 7, 8]
        )]
    );
}

#[test]
fn create_index_buffer_and_errors() {
    let mut c = ctx(Profile::Baseline);
    let ib = c.create_index_buffer(6, "staticDraw").unwrap();
    assert_eq!(c.index_buffer_len(ib), Some(6));
    assert!(matches!(
        c.backend_mut().take()[..],
        [Call::CreateIndexBuffer(
            _,
            IndexBufferDesc {
                num_indices: 6,
                usage: BufferUsage::StaticDraw
            }
        )]
    ));
    assert_error(c.create_index_buffer(0, "staticDraw"), 3671, ZERO);
    assert_error(c.create_index_buffer(524_288, "staticDraw"), 3670, TOO_BIG);
    assert_error(c.create_index_buffer(-3, "staticDraw"), 3669, BAD_SIZE);
    assert_2008(c.create_index_buffer(3, "static"), "bufferUsage");
    c.create_index_buffer(524_287, "dynamicDraw").unwrap();
}

#[test]
fn index_uploads() {
    let mut c = ctx(Profile::Baseline);
    let ib = c.create_index_buffer(6, "staticDraw").unwrap();
    c.backend_mut().take();
    c.index_buffer_upload_from_vector(ib, &[0x1_0002, 1, 2], 3, 3)
        .unwrap();
    c.index_buffer_upload_from_byte_array(ib, &[0xff, 4, 0, 5, 0], 1, 0, 2)
        .unwrap();
    let calls = c.backend_mut().take();
    assert_eq!(calls.len(), 2);
    assert!(matches!(&calls[0], Call::UploadIndexBuffer(_, 6, v) if *v == vec![2, 1, 2]));
    assert!(matches!(&calls[1], Call::UploadIndexBuffer(_, 0, v) if *v == vec![4, 5]));
    assert_error(
        c.index_buffer_upload_from_vector(ib, &[0, 1], 0, 3),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.index_buffer_upload_from_vector(ib, &[0; 6], 4, 3),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.index_buffer_upload_from_vector(ib, &[0; 6], -1, 3),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.index_buffer_upload_from_byte_array(ib, &[0; 5], 0, 0, 3),
        3669,
        BAD_SIZE,
    );
    assert_error(
        c.index_buffer_upload_from_byte_array(ib, &[0; 6], 7, 0, 0),
        3669,
        BAD_SIZE,
    );
    c.index_buffer_dispose(ib);
    c.index_buffer_dispose(ib);
    assert_disposed(c.index_buffer_upload_from_vector(ib, &[0; 6], 0, 3));
    assert_eq!(c.backend_mut().take().len(), 1);
}

#[test]
fn buffer_memory_limits() {
    let mut c = ctx(Profile::Baseline);
    // 16 buffers of 65535 x 64 words = 16 MB each fill the 256 MB of vertex buffers.
    let mut made = Vec::new();
    for _ in 0..16 {
        made.push(c.create_vertex_buffer(65535, 64, "staticDraw").unwrap());
    }
    let limit = "Error #3691: Resource limit for this resource type exceeded.";
    assert_error(c.create_vertex_buffer(65535, 64, "staticDraw"), 3691, limit);
    c.vertex_buffer_dispose(made[0]);
    c.create_vertex_buffer(65535, 64, "staticDraw").unwrap();
    // 128 index buffers of 524287 indices (1 MB each) fill the 128 MB of index buffers.
    for _ in 0..128 {
        c.create_index_buffer(524_287, "staticDraw").unwrap();
    }
    assert_error(c.create_index_buffer(524_287, "staticDraw"), 3691, limit);
    c.create_index_buffer(128, "staticDraw").unwrap();
}
