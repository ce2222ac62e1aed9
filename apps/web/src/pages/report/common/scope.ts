import { createContext, useContext } from 'react';

/** The report pages read the joint exam's reports (joint_analysis paths) under /jointExamination/schoolReportDetails. */
export const JointScope = createContext(false);
export const useJointScope = () => useContext(JointScope);
