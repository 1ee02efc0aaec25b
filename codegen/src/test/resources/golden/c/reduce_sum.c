/* operation reduce_add */
void k_reduce_add(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_c = sf_args[1];
    for (long i_init0 = 0; i_init0 < 20L; i_init0++) {
        t_c[1L*(i_init0 + 0L)] = (0x0.0p0f);
    }
    for (long i_d0 = 0; i_d0 < 20L; i_d0++) {
        {
            float v_lanes[SF_NR];
            for (int v_l = 0; v_l < SF_NR; v_l++) v_lanes[v_l] = (0x0.0p0f);
            float v_tail = (0x0.0p0f);
            long v_r0 = 0;
            for (; v_r0 + SF_NR <= 30L; v_r0 += SF_NR) {
                for (int v_l = 0; v_l < SF_NR; v_l++) {
                    const long i_d1 = v_r0 + v_l;
                    v_lanes[v_l] = (v_lanes[v_l] + t_a[30L*i_d0 + i_d1]);
                }
            }
            for (long i_d1 = v_r0; i_d1 < 30L; i_d1++) v_tail = (v_tail + t_a[30L*i_d0 + i_d1]);
            for (int v_l = 0; v_l < SF_NR; v_l++) v_tail = (v_tail + v_lanes[v_l]);
            t_c[i_d0] = (t_c[i_d0] + v_tail);
        }
    }
}
